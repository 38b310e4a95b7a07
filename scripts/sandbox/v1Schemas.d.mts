export declare const yamlPath: string;
export declare const outputPath: string;
export declare function renderV1Schemas(yamlText: string): string;
