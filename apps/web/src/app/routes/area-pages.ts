import type { Role } from '@lyceum/contract';
import type { ComponentType } from 'react';
import type { paths } from '@/config/paths';

/** An area module names one page component per route of its area in the paths registry. */
export type AreaPages<R extends Role> = Record<Exclude<keyof (typeof paths)[R], 'root'>, ComponentType>;

export interface AreaModule<R extends Role> {
  Area: ComponentType;
  pages: AreaPages<R>;
}
