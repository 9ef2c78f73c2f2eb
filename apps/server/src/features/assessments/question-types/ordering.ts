import type { Grade, OrderingKey, OrderingResponse } from '@lyceum/contract';
import { gradeOf } from './grade.js';

/** Each item in its correct position earns an equal share (A B D C for A B C D is half right). */
export function gradeOrdering(key: OrderingKey, response: OrderingResponse, points: number): Grade {
  const right = key.order.filter((id, index) => response.order[index] === id).length;
  return gradeOf(right / key.order.length, points);
}
