import sanitize from 'sanitize-html';

// The one HTML sanitiser of the app: HTML people write (a news page's blocks, a mass e-mail) goes through it before
// anyone reads it. It parses the HTML and writes back only the elements and attributes a policy lists: no script, no
// style element, no event handler, addresses only http(s) and mailto (never `javascript:`, never protocol-relative).

export interface HtmlPolicy {
  /** The elements kept; the others go (their text stays, but a script's or a style's goes with them). */
  tags: readonly string[];
  /** The attributes kept, by element (`*`: on every element). */
  attributes?: Readonly<Record<string, readonly string[]>>;
  /** The schemes an image's address may have: none by default (a path of this site only). */
  imageSchemes?: readonly string[];
  /** Whether an image may stay, by its address; one that may not goes whole. Any by default. */
  image?: (src: string) => boolean;
  /** Links open apart from the page that shows them (`rel="noopener noreferrer nofollow"`, `target="_blank"`). */
  linksApart?: boolean;
}

/** HTML with only what the policy lists. */
export function sanitizeHtml(html: string, policy: HtmlPolicy): string {
  const keepImage = policy.image;
  return sanitize(html, {
    allowedTags: [...policy.tags],
    allowedAttributes: Object.fromEntries(Object.entries(policy.attributes ?? {}).map(([tag, names]) => [tag, [...names]])),
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: [...(policy.imageSchemes ?? [])] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    ...(keepImage ? { exclusiveFilter: (frame: sanitize.IFrame) => frame.tag === 'img' && !keepImage(frame.attribs.src ?? '') } : {}),
    ...(policy.linksApart ? { transformTags: { a: (tagName: string, attribs: sanitize.Attributes) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } }) } } : {}),
  });
}
