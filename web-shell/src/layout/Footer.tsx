import { copyrightText, useLanguage } from "@portal/kit";
import { useModal } from "../shared/ModalContext";
import { useSite } from "../shared/site";
import { text } from "../shared/texts";

export function Footer() {
  const { language } = useLanguage();
  const { config, help } = useSite();
  const modal = useModal();
  return (
    <footer className="footer">
      <nav aria-label={text(language, "help")}>
        {help.map((topic) => (
          <a key={topic.key} href={`/help#${topic.key}`}>
            {topic.title}
          </a>
        ))}
        <button type="button" className="link-button" onClick={() => modal.open({ name: "feedback" })}>
          {text(language, "feedback")}
        </button>
      </nav>
      <p>{config.description}</p>
      <small>{copyrightText(language, config.copyright)}</small>
    </footer>
  );
}
