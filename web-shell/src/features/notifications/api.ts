/** Customer service: the brand's chat channels (CBS_modelList) with the page each opens (CBS_launchChat). */
import { api, useLanguage, useQuery } from "@portal/kit";
import { useSite } from "../../shared/site";

export interface SupportLink {
  modelId: string;
  name: string;
  url: string;
}

export function useSupportLinks(): SupportLink[] {
  const { language } = useLanguage();
  const links = useQuery({
    queryKey: ["support", language],
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const models = await api("supportModels", language);
      return Promise.all(
        models.map(async (model) => ({ ...model, url: (await api("supportLaunch", language, { query: { modelId: model.modelId } })).url })),
      );
    },
  });
  return links.data ?? [];
}

/** Where "customer service" leads: the brand's first chat channel, else the site's customer-service page. */
export function useCustomerServiceUrl(): string {
  const { config } = useSite();
  const [first] = useSupportLinks();
  return first?.url ?? config.customerServiceUrl;
}
