/** The brand's site config, loaded before anything renders and shared with every part of the shell. */
import { createContext, useContext } from "react";
import type { HelpTopicRead, SiteConfigRead } from "@portal/kit";

export interface SiteValue {
  config: SiteConfigRead;
  help: HelpTopicRead[];
  flag: (name: string) => boolean;
}

export const SiteContext = createContext<SiteValue | null>(null);

export function useSite(): SiteValue {
  const value = useContext(SiteContext);
  if (value === null) throw new Error("useSite outside SiteContext");
  return value;
}

export function siteValue(config: SiteConfigRead, help: HelpTopicRead[]): SiteValue {
  const flags = config.whitelabelVal ?? {};
  return { config, help, flag: (name) => Boolean(flags[name]) };
}
