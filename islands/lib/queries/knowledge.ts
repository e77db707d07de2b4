import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";

export type ArticleSummary = {
  id: number;
  slug: string;
  title: string;
  category: string;
  visibility: "public" | "staff";
  status: "draft" | "published";
  views: number;
  updatedAt: string;
  updatedBy?: string | null;
};
export type ArticleDetail = ArticleSummary & {
  body: string;
  html: string;
  revisions: { id: number; title: string; body: string; createdAt: string }[];
};
export type ArticleInput = Pick<ArticleSummary, "title" | "category" | "visibility" | "status"> & {
  body: string;
};

export const useArticles = () =>
  useQuery({
    queryKey: queryKeys.articles,
    queryFn: () => api.get<{ articles: ArticleSummary[] }>("/api/admin/kb/articles"),
  });

export const useArticle = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.article(id ?? 0),
    queryFn: () => api.get<ArticleDetail>(`/api/admin/kb/articles/${id}`),
    enabled: id !== null,
  });

export const saveArticle: MutationDef<{ id: number | null; input: ArticleInput }, ArticleSummary> = {
  mutationFn: ({ id, input }) =>
    id === null ? api.post("/api/admin/kb/articles", input) : api.put(`/api/admin/kb/articles/${id}`, input),
  invalidates: [queryKeys.articles],
};

export const deleteArticle: MutationDef<number, unknown> = {
  mutationFn: (id) => api.delete(`/api/admin/kb/articles/${id}`),
  invalidates: [queryKeys.articles],
};

export const previewMarkdown = (body: string) =>
  api.post<{ html: string }>("/api/admin/kb/preview", { body });

/** Uploads one image for articles; the answer carries the Markdown that shows it. */
export const uploadArticleImage = (file: File) => {
  const form = new FormData();
  form.append("file", file);
  return api.post<{ url: string; markdown: string }>("/api/admin/kb/images", form);
};
