export interface SiteConfig {
  merchant: string;
  name: string;
  languages: string[];
  currencySymbol: string;
  description: string;
  copyright: string;
  customerServiceUrl: string;
  systemStatus: number;
  location: { ip: string | null };
  maintenance?: { title: string; text: string; endTime: string | null };
  regionRestriction?: { text: string };
  resources: Record<string, { labelNameEn: string; url: string }[]>;
}

export interface Banner {
  id: number;
  url: string;
  title: string;
  linkageType: string;
  linkage: string;
}

export interface Notice {
  id: number;
  title: string;
}

export interface HelpTopic {
  key: string;
  title: string;
}
