import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../lib/api";
import type { ReportShapes } from "../../../src/shared/report-shapes";

export type ReportKind = keyof ReportShapes;
export type ReportParams = Record<string, string>;

export const reportUrl = (kind: ReportKind, params: ReportParams, csv = false) =>
  `/api/admin/reports/${kind}${toQuery(csv ? { ...params, format: "csv" } : params)}`;

/** One figure for the page's range and filters; the last answer stays shown while the next loads. */
export const useReport = <K extends ReportKind>(kind: K, params: ReportParams) =>
  useQuery({
    queryKey: ["reports", kind, params],
    queryFn: () => api.get<ReportShapes[K]>(reportUrl(kind, params)),
    placeholderData: keepPreviousData,
  });
