/** Missions: the member's missions with progress, a mission's leaderboard, and the claim of a completed mission's reward. */
import { api, keepPreviousData, useLanguage, useQuery } from "@portal/kit";
import { newRequestId } from "../../shared/rules";

export const BOARD_SIZE = 10;

export function useMissions() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["missions", language], queryFn: () => api("missionSummary", language) });
}

export function useLeaderboard(missionId: number | null, pageNo: number) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ["missionLeaderboard", missionId, pageNo, language],
    queryFn: () => api("missionLeaderboard", language, { query: { missionId: missionId ?? 0, pageNo, pageSize: BOARD_SIZE } }),
    enabled: missionId !== null,
    placeholderData: keepPreviousData,
  });
}

export function claimReward(language: string, missionId: number) {
  return api("claimMissionReward", language, { body: { missionId, requestId: newRequestId() } });
}
