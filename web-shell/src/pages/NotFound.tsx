/** The page of a path the portal does not have: said plainly (not "coming soon"), with the path asked for and a
 * way home. */
import { Link, useLanguage, useLocation } from "@portal/kit";
import { translator } from "@portal/kit/translate";

const texts = translator({
  TR: {
    title: "Sayfa bulunamadı",
    lead: "Aradığınız sayfa yok ya da taşınmış olabilir.",
    path: "İstenen adres: {path}",
    home: "Ana sayfaya dön",
  },
  EN: {
    title: "Page not found",
    lead: "The page you are looking for does not exist or may have moved.",
    path: "Address asked for: {path}",
    home: "Back to home",
  },
  CN: {
    title: "页面不存在",
    lead: "您要找的页面不存在或已被移动。",
    path: "请求的地址：{path}",
    home: "返回首页",
  },
});

export function NotFound() {
  const { language } = useLanguage();
  const { pathname } = useLocation();
  return (
    <section className="not-available" data-testid="not-found">
      <h1>{texts(language, "title")}</h1>
      <p>{texts(language, "lead")}</p>
      <p className="not-found-path">{texts(language, "path", { path: pathname })}</p>
      <Link className="kit-button" to="/">
        {texts(language, "home")}
      </Link>
    </section>
  );
}
