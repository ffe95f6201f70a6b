import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/request.js';
import type { ResponseData, ResponseMeta } from '../core/types.js';
import { APIResource } from './resource.js';

export class Me extends APIResource {
  /** The account that owns the key, its plan and the key's prefix (`GET /me`). */
  get(options?: RequestOptions): APIPromise<ResponseData<'getMe'>, ResponseMeta<'getMe'>> {
    return this.request('getMe', {}, options);
  }
}
