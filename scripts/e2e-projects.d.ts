export declare const SERVER_OF_PROJECT: Record<string, string>;
export declare function serversFor(args: string[]): Set<string>;
