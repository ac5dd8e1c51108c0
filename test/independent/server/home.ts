// GET /v3: the entry points, with a weak ETag; the conditional header (If-None-Match by default; weak
// comparison, lists and *) answers 304.
import { createHash } from 'node:crypto';
import type { Context } from './context.ts';
import { chooseForm, FULL_FORMS } from './media.ts';
import type { Reply } from './reply.ts';

const entryPoints = {
  Servicio: 'Vehicle Marketplace Partner API',
  Version: 'v3',
  _links: {
    self: { href: '/v3', title: 'Inicio' },
    agencias: { href: '/v3/agencias', title: 'Agencias de la app' },
    agencia: { href: '/v3/agencias/{adminMail}', templated: true, title: 'Una agencia' },
    appnotificaciones: { href: '/v3/appnotificaciones', title: 'Webhooks de la app' },
    carrocerias: { href: '/v3/carrocerias', title: 'Carrocerías' },
    ciudades: { href: '/v3/ciudades{?region,q}', templated: true, title: 'Ciudades' },
    colores: { href: '/v3/colores', title: 'Colores' },
    marcas: { href: '/v3/marcas', title: 'Marcas' },
    consultas: { href: '/v3/consultas/{adminMail}', templated: true, title: 'Consultas de una agencia' },
  },
};

function etagFor(form: string, weak: boolean): string {
  const digest = createHash('sha256').update(form).update(JSON.stringify(entryPoints)).digest('base64url').slice(0, 16);
  return `${weak ? 'W/' : ''}"inicio-${digest}"`;
}

const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

export function home(ctx: Context): Reply {
  const form = chooseForm(ctx, FULL_FORMS);
  const etag = etagFor(form, ctx.config.weakEtag);
  const condition = ctx.req.headers[ctx.config.conditionalHeader.toLowerCase()];
  if (typeof condition === 'string') {
    const tags = condition.split(',').map((each) => each.trim());
    if (tags.includes('*') || tags.some((tag) => opaque(tag) === opaque(etag))) {
      return { status: 304, headers: { ETag: etag } };
    }
  }
  return { status: 200, contentType: form, body: entryPoints, headers: { ETag: etag } };
}
