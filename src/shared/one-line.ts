/** C0 controls (CR, LF and TAB among them), DEL, C1 controls and the Unicode line and paragraph separators. */
const isControl = (code: number) =>
  code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;

/** True when `text` fits on one line: no line break and no control character anywhere in it. */
export function isOneLine(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return false;
  return true;
}
