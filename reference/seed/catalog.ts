import type { Matchable } from '../bestmatch.ts';
import { href, link, type LinkObject } from '../links.ts';
import { fold } from '../text.ts';
import { slug } from './slug.ts';
import { PROVINCES } from '../../generators/argentina.ts';
import { BODY_STYLES, COLORS, MAKES } from './vehicles.ts';

// The reference catalog (Endpoints > Carrocerias, Ciudades, Colores, Marcas) as immutable records: the full
// form, the reference form and the keys bestmatch matches against. Ids are positions in the fixed lists, so
// the catalog is the same for every seed. Field names (Resources > Other resources: "not shown") are ours:
// Id, Nombre, Codename, ApiUrl (the record's page on the marketplace site) and ApiUrlPath (that page's path).

/** The marketplace's public site, under a reserved TLD (RFC 2606). */
const SITE = 'https://www.vmp.example';

export interface CatalogRecord extends Matchable {
  full: Record<string, unknown>;
  ref: Required<Omit<LinkObject, 'templated'>>;
}

export interface Region extends Matchable {
  name: string;
  iso: string;
  full: Record<string, unknown>;
}

export interface Ciudad extends CatalogRecord {
  region: Region;
}

export interface Marca extends CatalogRecord {
  nuevos: boolean;
}

export interface Catalog {
  carrocerias: readonly CatalogRecord[];
  regiones: readonly Region[];
  ciudades: readonly Ciudad[];
  colores: readonly CatalogRecord[];
  marcas: readonly Marca[];
}

const page = (path: string) => ({ ApiUrl: `${SITE}${path}`, ApiUrlPath: path });
const keysOf = (values: readonly (string | number)[]) => values.map((v) => fold(String(v)));

function carroceria(data: (typeof BODY_STYLES)[number], index: number): CatalogRecord {
  const id = index + 1;
  const urls = page(`/autos/carroceria/${data.codename}`);
  return {
    id,
    exactKeys: keysOf([id, urls.ApiUrl, urls.ApiUrlPath, data.name, data.codename]),
    foldedName: fold(data.name),
    full: { Id: id, Nombre: data.name, Codename: data.codename, ...urls, _links: { self: link(href.carroceria(id)) } },
    ref: { href: href.carroceria(id), title: data.name },
  };
}

function marca(data: (typeof MAKES)[number], index: number): Marca {
  const id = index + 1;
  const codename = slug(data.name);
  const urls = page(`/autos/${codename}`);
  return {
    id,
    nuevos: data.nuevos,
    exactKeys: keysOf([id, urls.ApiUrl, urls.ApiUrlPath, data.name, codename]),
    foldedName: fold(data.name),
    full: { Id: id, Nombre: data.name, Codename: codename, MercadoNuevos: data.nuevos, ...urls, _links: { self: link(href.marca(id)) } },
    ref: { href: href.marca(id), title: data.name },
  };
}

function color(data: (typeof COLORS)[number], index: number): CatalogRecord {
  const id = index + 1;
  return {
    id,
    exactKeys: keysOf([id, data.name]),
    foldedName: fold(data.name),
    full: { Id: id, Nombre: data.name, Hex: data.hex, _links: { self: link(href.color(id)) } },
    ref: { href: href.color(id), title: data.name },
  };
}

function geography(): { regiones: Region[]; ciudades: Ciudad[] } {
  const regiones: Region[] = [];
  const ciudades: Ciudad[] = [];
  PROVINCES.forEach((province, index) => {
    const regionId = index + 1;
    const regionUrls = page(`/autos/ubicacion/${slug(province.name)}`);
    const region: Region = {
      id: regionId,
      name: province.name,
      iso: province.iso,
      exactKeys: keysOf([regionId, regionUrls.ApiUrl, regionUrls.ApiUrlPath, province.name, province.iso]),
      foldedName: fold(province.name),
      full: { Id: regionId, Nombre: province.name, Iso: province.iso, ...regionUrls },
    };
    regiones.push(region);
    for (const name of province.cities) {
      const id = ciudades.length + 1;
      const fullName = `${name}, ${province.name}`;
      const urls = page(`${regionUrls.ApiUrlPath}/${slug(name)}`);
      ciudades.push({
        id,
        region,
        exactKeys: keysOf([id, urls.ApiUrl, urls.ApiUrlPath, fullName, name]),
        foldedName: fold(name),
        full: {
          Id: id,
          Nombre: name,
          NombreCompleto: fullName,
          ...urls,
          Region: region.full,
          _links: { self: link(href.ciudad(id)), region: link(href.ciudadesOfRegion(regionId), province.name) },
        },
        ref: { href: href.ciudad(id), title: fullName },
      });
    }
  });
  return { regiones, ciudades };
}

export function buildCatalog(): Catalog {
  return {
    carrocerias: BODY_STYLES.map(carroceria),
    ...geography(),
    colores: COLORS.map(color),
    marcas: MAKES.map(marca),
  };
}
