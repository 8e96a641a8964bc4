/** The brand feature's reads, all on the ops plane: the brand as ops reads it (settings and flags share one cached
 * copy), and its registration rules and domain routes (of an inactive brand too). */
import { useQuery } from "@portal/kit";
import { useOps } from "../../shared/session";

export const merchantKey = (brand: string) => ["ops", "merchant", brand] as const;

export function useMerchant() {
  const ops = useOps();
  return useQuery({
    queryKey: merchantKey(ops.brand),
    enabled: !!ops.brand,
    queryFn: () => ops.call("opsGetMerchant", { path: { code: ops.brand } }),
  });
}

type BrandRead = "opsRegisterRules" | "opsDomainRoutes";

export const brandKey = (id: BrandRead, brand: string) => ["ops", id, brand] as const;

export function useRegisterRules() {
  const ops = useOps();
  return useQuery({
    queryKey: brandKey("opsRegisterRules", ops.brand),
    enabled: !!ops.brand,
    queryFn: () => ops.call("opsRegisterRules", { path: { code: ops.brand } }),
  });
}

export function useDomainRoutes() {
  const ops = useOps();
  return useQuery({
    queryKey: brandKey("opsDomainRoutes", ops.brand),
    enabled: !!ops.brand,
    queryFn: () => ops.call("opsDomainRoutes", { path: { code: ops.brand } }),
  });
}
