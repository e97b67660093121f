// @editorjs/link ships no type declarations.
declare module '@editorjs/link' {
  import type { BlockToolConstructable } from '@editorjs/editorjs';
  const LinkTool: BlockToolConstructable;
  export default LinkTool;
}
