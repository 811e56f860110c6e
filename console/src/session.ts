import { useQuery } from "@tanstack/react-query";
import { get, getCredentials, type Me } from "./api";

/** The signed-in user in session mode (`GET /v1/me`); null with a key. */
export function useMe(): Me | null {
  const session = getCredentials()?.mode === "session";
  const q = useQuery({ queryKey: ["me"], queryFn: () => get<Me>("/v1/me"), enabled: session, staleTime: 60_000 });
  return q.data ?? null;
}
