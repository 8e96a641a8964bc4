/** HTML from ops (announcements, help topics) is drawn only after this: an allowlist of harmless tags and
 * attributes; scripts, handlers, styles and javascript: links never reach the page. */
const TAGS = new Set(["P", "BR", "B", "STRONG", "I", "EM", "U", "UL", "OL", "LI", "A", "SPAN", "DIV", "H3", "H4", "IMG", "TABLE", "TR", "TD", "TH", "TBODY", "THEAD"]);
const ATTRIBUTES: Record<string, string[]> = { A: ["href", "title"], IMG: ["src", "alt", "width", "height"] };

function safeUrl(value: string): boolean {
  return /^(https?:|\/(?!\/)|#|mailto:)/i.test(value.trim());
}

function clean(node: Element): void {
  for (const child of Array.from(node.children)) {
    if (!TAGS.has(child.tagName)) {
      if (["SCRIPT", "STYLE", "IFRAME", "OBJECT", "EMBED", "TEMPLATE"].includes(child.tagName)) child.remove();
      else child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    const allowed = ATTRIBUTES[child.tagName] ?? [];
    for (const attribute of Array.from(child.attributes)) {
      const keep = allowed.includes(attribute.name) && (!["href", "src"].includes(attribute.name) || safeUrl(attribute.value));
      if (!keep) child.removeAttribute(attribute.name);
    }
    if (child.tagName === "A") {
      child.setAttribute("rel", "noopener noreferrer");
      child.setAttribute("target", "_blank");
    }
    clean(child);
  }
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, "text/html");
  const root = doc.body.firstElementChild;
  if (!root) return "";
  clean(root);
  // Unwrapping may surface disallowed children: clean until nothing changes.
  let before = "";
  while (before !== root.innerHTML) {
    before = root.innerHTML;
    clean(root);
  }
  return root.innerHTML;
}
