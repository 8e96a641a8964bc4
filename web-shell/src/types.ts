export interface SiteConfig {
  merchant: string;
  name: string;
  languages: string[];
  currencySymbol: string;
  currency?: string;
  description: string;
  copyright: string;
  customerServiceUrl: string;
  systemStatus: number;
  location: { ip: string | null };
  maintenance?: { title: string; text: string; endTime: string | null };
  regionRestriction?: { text: string };
  resources: Record<string, { labelNameEn: string; url: string }[]>;
  whitelabelVal?: Record<string, boolean>;
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

export interface Announcement {
  id: number;
  title: string;
  content: string;
  startDateStr?: string;
  promotionType?: string;
}

export interface HelpTopic {
  key: string;
  title: string;
  content?: string;
}

export interface RegisterRule {
  field: string;
  enabled: boolean;
  required: boolean;
  patternId: number;
  acceptedPattern: string;
  minLength: number;
  maxLength: number;
}

export interface LoginAnswer {
  token: string;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  captcha?: boolean;
}

export interface VerifyTicket {
  ticket: string;
  methods: string[];
}
