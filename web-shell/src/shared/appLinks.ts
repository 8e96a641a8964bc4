import type { SiteConfigRead } from "@portal/kit";

/** The brand's app download links: MOBILECONFIG is the iOS profile, Android the APK (spec §3 resources). */
export function appLinks(config: SiteConfigRead): { ios: string | null; android: string | null } {
  return {
    ios: config.resources["MOBILECONFIG"]?.[0]?.url ?? null,
    android: config.resources["Android"]?.[0]?.url ?? config.resources["ANDROID"]?.[0]?.url ?? null,
  };
}

export function socialLink(config: SiteConfigRead, type: "FACEBOOK" | "TELEGRAM"): string | null {
  return config.resources[type]?.[0]?.url ?? null;
}
