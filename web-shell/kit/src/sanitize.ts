/** HTML from ops (announcements, help topics) is drawn only after DOMPurify (a maintained sanitiser; the
 * server also cleans it with nh3 when ops write it): an allowlist of harmless tags and attributes; scripts,
 * handlers, styles and javascript: links never reach the page, and links open apart from the portal. */
import DOMPurify from "dompurify";

const TAGS = ["p", "br", "b", "strong", "i", "em", "u", "ul", "ol", "li", "a", "span", "div", "h3", "h4", "img", "table", "tr", "td", "th", "tbody", "thead"];
const ATTRIBUTES = ["href", "title", "src", "alt", "width", "height"];
const SAFE_URL = /^(https?:|\/(?!\/)|#|mailto:)/i;

const purifier = DOMPurify(window);
purifier.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    node.setAttribute("rel", "noopener noreferrer");
    node.setAttribute("target", "_blank");
  }
});

export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, { ALLOWED_TAGS: TAGS, ALLOWED_ATTR: ATTRIBUTES, ALLOWED_URI_REGEXP: SAFE_URL });
}
