/** planer ships JavaScript only; this is the one function the inbound reader calls. */
declare module "planer" {
  export function extractFromPlain(text: string): string;
}
