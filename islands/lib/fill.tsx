import { Fragment, type ReactNode } from "react";

/**
 * A translated sentence with elements in it: the text is translated with each slot's own `{name}` as its
 * value, so every language puts the link or the name where its word order wants it.
 */
export function fill(text: string, slots: Record<string, ReactNode>): ReactNode {
  return text.split(/(\{\w+\})/).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's parts never move, their place is their identity
    <Fragment key={`${i}-${part}`}>
      {/^\{\w+\}$/.test(part) ? (slots[part.slice(1, -1)] ?? part) : part}
    </Fragment>
  ));
}
