import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitize";

describe("HTML from ops, before it is drawn", () => {
  it("drops scripts, handlers and javascript: links and keeps ordinary formatting", () => {
    const html = sanitizeHtml(
      '<p onclick="steal()">Bonus <b>100%</b></p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">bad</a><a href="https://f2tr.example/promo">good</a><style>p{}</style>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|style/i);
    expect(html).toContain("<b>100%</b>");
    expect(html).toContain('href="https://f2tr.example/promo"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it("unwraps tags it does not allow but keeps their text", () => {
    expect(sanitizeHtml("<marquee><em>Hi</em></marquee>")).toBe("<em>Hi</em>");
  });
});
