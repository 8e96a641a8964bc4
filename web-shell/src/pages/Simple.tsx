import { useEffect } from "react";
import { Link, sanitizeHtml, useLanguage, useLocation } from "@portal/kit";
import { useSite } from "../shared/site";
import { text } from "../shared/texts";

/** A route whose content belongs to a service not built yet: said plainly, never faked. */
export function NotAvailable() {
  const { language } = useLanguage();
  return (
    <section className="not-available" data-testid="not-available">
      <h1>{text(language, "notAvailable")}</h1>
      <Link className="kit-button" to="/">
        {text(language, "backHome")}
      </Link>
    </section>
  );
}

/** The help centre; the hash selects the topic. */
export function Help() {
  const { language } = useLanguage();
  const { help } = useSite();
  const { hash } = useLocation();
  const selected = help.find((topic) => `#${topic.key}` === hash) ?? help[0];
  useEffect(() => {
    document.getElementById("help-topic")?.focus();
  }, [hash]);
  return (
    <section className="help">
      <nav aria-label={text(language, "help")}>
        {help.map((topic) => (
          <a key={topic.key} href={`#${topic.key}`} aria-current={topic === selected ? "page" : undefined}>
            {topic.title}
          </a>
        ))}
      </nav>
      {selected && (
        <article id="help-topic" tabIndex={-1}>
          <h1>{selected.title}</h1>
          <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(selected.content ?? "") }} />
        </article>
      )}
    </section>
  );
}

export function Description() {
  const { config } = useSite();
  return (
    <section className="help">
      <article>
        <h1>{config.name}</h1>
        <p>{config.description}</p>
      </article>
    </section>
  );
}
