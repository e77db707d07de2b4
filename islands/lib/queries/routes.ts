import type { hc, InferRequestType, InferResponseType } from "hono/client";
import type { AppType } from "../../../routes/index";

/**
 * The server's route tree as a type only: request and response types come from the route handlers
 * themselves, and no client code reaches the bundle (calls go through the small fetch in ../api.ts).
 */
export type Routes = ReturnType<typeof hc<AppType>>;

/** The JSON body a route answers with when it succeeds (errors are thrown, never returned). */
export type Json<Endpoint> = InferResponseType<Endpoint>;

/** The JSON body a route validates. */
export type Body<Endpoint> = InferRequestType<Endpoint> extends { json: infer B } ? B : never;
