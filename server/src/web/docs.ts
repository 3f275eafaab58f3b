/**
 * The API's documentation: the OpenAPI document at /api/openapi.json and Swagger UI at /api/docs,
 * served from the swagger-ui-dist package (no CDN). The page runs no inline script: the content
 * policy allows this site's own scripts only, so Swagger UI starts from a small script file.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Context, Next } from 'koa';
import { brand } from '@kafue/common/brand';
import { fileAt, send } from './static.js';

const openApiPath = '/api/openapi.json';
const docsPath = '/api/docs';

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${brand.product} API</title>
<link rel="stylesheet" href="${docsPath}/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="${docsPath}/swagger-ui-bundle.js"></script>
<script src="${docsPath}/start.js"></script>
</body>
</html>
`;

const start = `window.ui = SwaggerUIBundle({ url: '${openApiPath}', dom_id: '#docs', deepLinking: true });\n`;

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const uiFiles = new Set(['swagger-ui.css', 'swagger-ui-bundle.js']);

export function apiDocs(document: object) {
  const documentJson = JSON.stringify(document);
  const uiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const generated: Record<string, { type: string; body: string }> = {
    [openApiPath]: { type: 'application/json', body: documentJson },
    [docsPath]: { type: 'text/html; charset=utf-8', body: page },
    [`${docsPath}/start.js`]: { type: 'text/javascript; charset=utf-8', body: start },
  };
  return async (ctx: Context, next: Next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      const answer = generated[ctx.path];
      if (answer) {
        ctx.type = answer.type;
        ctx.body = answer.body;
        return;
      }
      const name = ctx.path.slice(docsPath.length + 1);
      const file = ctx.path.startsWith(`${docsPath}/`) && uiFiles.has(name) ? await fileAt(uiDir, name) : undefined;
      if (file) return send(ctx, file, 'no-cache');
    }
    await next();
  };
}
