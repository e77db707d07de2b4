import pkg from "../package.json" with { type: "json" };

/** The release this program is: package.json's version, compiled into the single executable too. */
export const VERSION: string = pkg.version;
