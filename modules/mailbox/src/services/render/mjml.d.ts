// mjml 5 ships no types: the part the renderer uses (mjml2html is async since mjml 5).
declare module 'mjml' {
  interface MjmlError { line: number; message: string; tagName: string; formattedMessage: string }
  interface MjmlResult { html: string; errors: MjmlError[] }
  interface MjmlOptions { validationLevel?: 'strict' | 'soft' | 'skip'; minify?: boolean; beautify?: boolean; keepComments?: boolean; fonts?: Record<string, string> }
  export default function mjml2html(mjml: string, options?: MjmlOptions): Promise<MjmlResult>;
}
