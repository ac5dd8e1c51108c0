import { decimal } from './decimal.ts';
import { chance, pick, type Prng } from './prng.ts';

// Buyers' comments, assembled from opening, question and closing so a large stream does not repeat a handful of
// sentences. Rioplatense register (voseo) on purpose: it is what a target's agents will actually read.

const OPENINGS = ['Hola', 'Buenas tardes', 'Buen día', 'Buenas noches', 'Hola, qué tal', 'Buenas', 'Hola, cómo va'] as const;

const QUESTIONS = [
  '¿sigue disponible el {modelo}?',
  'me interesa el {marca} {modelo}, ¿me podrían pasar el precio final?',
  '¿aceptan permuta por un auto más chico?',
  '¿qué planes de financiación tienen para el {modelo}?',
  '¿el precio es de contado o financiado?',
  '¿cuántos dueños tuvo? ¿tiene los services hechos en concesionario?',
  'quisiera coordinar una visita para verlo este fin de semana.',
  '¿se puede hacer una prueba de manejo?',
  '¿tienen el {modelo} en otro color?',
  '¿tiene algún detalle de chapa o pintura?',
  '¿toman usados como parte de pago?',
  'estoy en {ciudad}, ¿hacen envíos o tengo que ir a retirarlo?',
  '¿cuál es la entrega mínima y en cuántas cuotas?',
  '¿la unidad tiene la VTV al día?',
  'me gustaría saber la fecha de entrega del 0km.',
  '¿el precio incluye gastos de patentamiento?',
  'busco algo similar pero {anio} o más nuevo.',
  '¿aceptan dólares?',
] as const;

const CLOSINGS = ['Gracias.', 'Muchas gracias!', 'Saludos.', 'Espero respuesta, gracias.', 'Quedo atento.', 'Quedo atenta.', 'Mil gracias', ''] as const;

export interface ComentarioContext {
  marca: string;
  modelo: string;
  ciudad: string | null;
  anio: number | null;
}

export function comentario(prng: Prng, ctx: ComentarioContext): string {
  // Some buyers send the form without writing anything; Comentario is a string, never null.
  if (chance(prng, 0.03)) return '';
  let text = `${pick(prng, OPENINGS)}, ${fill(pick(prng, QUESTIONS), ctx)}`;
  if (chance(prng, 0.35)) text += ` ${capitalize(fill(pick(prng, QUESTIONS), ctx))}`;
  const closing = pick(prng, CLOSINGS);
  return closing ? `${text} ${closing}` : text;
}

function fill(template: string, ctx: ComentarioContext): string {
  if (!template.includes('{')) return template;
  return template
    .replace('{modelo}', ctx.modelo)
    .replace('{marca}', ctx.marca)
    .replace('{ciudad}', ctx.ciudad ?? 'el interior')
    .replace('{anio}', decimal(ctx.anio ?? 2020));
}

/** A second sentence starts with a capital, after its opening "¿" if any. */
function capitalize(s: string): string {
  const i = s.startsWith('¿') ? 1 : 0;
  return s.slice(0, i) + s.charAt(i).toUpperCase() + s.slice(i + 1);
}
