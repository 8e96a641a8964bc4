/** The brand's site config, loaded before anything renders and shared with every part of the shell. */
import { createContext, useContext } from "react";
import type { HelpTopic, SiteConfig } from "./types";

export interface SiteValue {
  config: SiteConfig;
  help: HelpTopic[];
  flag: (name: string) => boolean;
}

export const SiteContext = createContext<SiteValue | null>(null);

export function useSite(): SiteValue {
  const value = useContext(SiteContext);
  if (value === null) throw new Error("useSite outside SiteContext");
  return value;
}

export function siteValue(config: SiteConfig, help: HelpTopic[]): SiteValue {
  const flags = config.whitelabelVal ?? {};
  return { config, help, flag: (name) => Boolean(flags[name]) };
}
