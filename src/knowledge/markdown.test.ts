import { describe, expect, test } from "bun:test";
import { plainText, renderMarkdown } from "./markdown";

describe("article Markdown", () => {
  test("renders the usual Markdown", () => {
    const html = renderMarkdown(
      "# Reset\n\nOpen **Settings** and click [here](https://example.com).\n\n- one\n- two",
    );
    expect(html).toContain("<h2>Reset</h2>");
    expect(html).toContain("<strong>Settings</strong>");
    expect(html).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer">here</a>');
    expect(html).toContain("<li>one</li>");
  });

  test("a hostile body is rendered harmless", () => {
    const hostile = [
      "<script>alert(1)</script>",
      '<img src="x" onerror="alert(2)">',
      "[click](javascript:alert(3))",
      '<a href="data:text/html,<script>alert(4)</script>">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<p style="background:url(javascript:alert(5))" onclick="alert(6)">text</p>',
      "![pixel](https://tracker.example/p.gif)",
      "<svg><script>alert(7)</script></svg>",
    ].join("\n\n");
    const html = renderMarkdown(hostile);
    for (const bad of [
      "<script",
      "onerror",
      "javascript:",
      "data:",
      "<iframe",
      "style=",
      "onclick",
      "tracker.example",
      "<svg",
    ])
      expect(html).not.toContain(bad);
    expect(html).toContain("text");
  });

  test("images only from the help desk itself", () => {
    expect(renderMarkdown("![diagram](/api/kb/files/1)")).toContain(
      '<img src="/api/kb/files/1" alt="diagram"',
    );
    expect(renderMarkdown("![x](//evil.example/x.png)")).not.toContain("<img");
  });

  test("plain text for the index", () => {
    expect(plainText("## Printer\n\nUse **tray 2** <b>now</b>")).toBe("Printer Use tray 2 now");
  });
});
