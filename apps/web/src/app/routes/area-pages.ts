import type { ComponentType } from 'react';
import type { AreaRole, paths } from '@/config/paths';

/** An area module names one page component per route of its area in the paths registry. */
export type AreaPages<R extends AreaRole> = Record<Exclude<keyof (typeof paths)[R], 'root'>, ComponentType>;

export interface AreaModule<R extends AreaRole> {
  Area: ComponentType;
  pages: AreaPages<R>;
}
