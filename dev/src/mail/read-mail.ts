import { simpleParser, type AddressObject, type EmailAddress } from 'mailparser';

/** A message as a person reads it: headers decoded (RFC 2047 encoded words, folded lines), bodies' transfer encodings undone. */
export interface ReadMail {
  from: string;
  subject: string;
  messageId: string;
  html: string | null;
  /** The text/plain part; null when the message has none (no text is made up from the HTML). */
  text: string | null;
  /** Any other header, decoded, by its name in lower case ('' when absent). */
  header(name: string): string;
}

// 'Name <address>' as the header said it, without the quotes mailparser's own text puts around every name.
const person = (entry: EmailAddress): string[] =>
  entry.group ? entry.group.flatMap(person) : [entry.name ? `${entry.name} <${entry.address ?? ''}>` : (entry.address ?? '')];
const addressText = (value: AddressObject | AddressObject[] | undefined) =>
  [value ?? []].flat().flatMap((header) => header.value.flatMap(person)).join(', ');

/** Parses a raw message with mailparser (MIME, charsets, encoded words and quoted-printable are its job, not ours). */
export async function readMail(raw: Buffer | string): Promise<ReadMail> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true });
  return {
    from: addressText(parsed.from),
    subject: parsed.subject ?? '',
    messageId: parsed.messageId ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : null,
    text: parsed.text ? parsed.text : null,
    header: (name) => {
      const value = parsed.headers.get(name.toLowerCase());
      return typeof value === 'string' ? value : '';
    },
  };
}
