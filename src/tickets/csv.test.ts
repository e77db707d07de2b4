import { expect, test } from "bun:test";
import { csvRows } from "./csv";

test("csv – CRLF after every row, quotes only where a cell needs them, doubled inside", () => {
  expect(
    csvRows([
      ["a", "b c"],
      ["1", ""],
    ]),
  ).toBe("a,b c\r\n1,\r\n");
  expect(csvRows([['say "hi"', "x,y", "two\r\nlines", "one\nline"]])).toBe(
    '"say ""hi""","x,y","two\r\nlines","one\nline"\r\n',
  );
  expect(csvRows([])).toBe("");
});

test("csv – a cell a spreadsheet would run as a formula is prefixed with ' (full-width signs too)", () => {
  const cells = ["=SUM(A1)", "+1", "-2", "@cmd", "\tx", "\rx", "＝1", "＋1", "－1", "＠x"];
  const [row] = csvRows([cells])
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/));
  expect(row!.map((c) => c.replace(/^"|"$/g, ""))).toEqual(cells.map((c) => `'${c}`));
  expect(csvRows([["a=b", "1-2", "mail@x"]])).toBe("a=b,1-2,mail@x\r\n");
});
