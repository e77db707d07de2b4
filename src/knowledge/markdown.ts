import { Marked } from "marked";
import type sanitizeHtml from "sanitize-html";

// The sanitiser (and the HTML parser under it) loads with the first article rendered: most requests show none.
const sanitize = (html: string, options: sanitizeHtml.IOptions): string =>
  (require("sanitize-html") as typeof sanitizeHtml)(html, options);

// One parser per call: marked's default instance is shared and mutable.
const parser = () => new Marked({ gfm: true, breaks: false, async: false });

/** The tags and attributes an article may carry; everything else is dropped, text kept. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "blockquote",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title"],
    th: ["align"],
    td: ["align"],
  },
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // Headings start below the page's own h1; links leave the portal without handing it the referrer.
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (_, attribs) => ({ tagName: "a", attribs: { ...attribs, rel: "nofollow noopener noreferrer" } }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !/^\/[^/\\]/.test(frame.attribs.src ?? ""),
};

/** An article's Markdown as HTML that is safe to put in a page: parsed, then cut to the allow-list. */
export function renderMarkdown(markdown: string): string {
  const html = parser().parse(markdown, { async: false }) as string;
  return sanitize(html, ALLOWED);
}

/** Plain text of an article, for the search index and the excerpt under a result. */
export function plainText(markdown: string): string {
  const html = parser().parse(markdown, { async: false }) as string;
  return sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}
