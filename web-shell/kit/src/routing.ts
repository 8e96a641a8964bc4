/** The router, re-exported: the shell and every remote import it from here, never from ``react-router``
 * itself. The kit is the one federation singleton that carries it, so there is one router (one location, one
 * history) on the page, and a first visit downloads only the parts named below instead of the whole package
 * (a shared package is bundled whole, since a remote might use any of its exports). Add a name here when a
 * page needs it. */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from "react-router";
export type { NavigateFunction } from "react-router";
