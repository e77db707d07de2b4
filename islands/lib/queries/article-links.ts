import { useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../api";
import { queryKeys } from "../query-keys";

export type LinkableArticle = { id: number; slug: string; title: string; url: string };

/** Published public articles matching `q`, with the address a requester opens. */
export const useLinkableArticles = (q: string) =>
  useQuery({
    queryKey: [...queryKeys.articles, "linkable", q],
    queryFn: () =>
      api.get<{ articles: LinkableArticle[] }>(`/api/admin/kb/articles${toQuery({ q, linkable: "true" })}`),
    enabled: q.trim().length >= 2,
  });
