/** The admin area of the REST API: /admin/users, /admin/roles and /admin/mail-outbox. */
import type {
  OutboxMailDto,
  RoleBody,
  RoleDto,
  UserCreateBody,
  UserDto,
  UserUpdateBody,
} from '@bazaar/shared/contract';
import { RestClient, type RequestScope } from './rest-client.js';

const path = (value: string | number) => encodeURIComponent(String(value));

export class AdminApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  users(): Promise<UserDto[]> {
    return this.get('/admin/users');
  }

  user(id: string | number): Promise<UserDto> {
    return this.get(`/admin/users/${path(id)}`);
  }

  createUser(body: UserCreateBody): Promise<UserDto> {
    return this.post('/admin/users', { json: body });
  }

  updateUser(id: string | number, body: UserUpdateBody): Promise<UserDto> {
    return this.put(`/admin/users/${path(id)}`, { json: body });
  }

  async deleteUser(id: string | number): Promise<string> {
    return replyMessage(await this.delete<unknown>(`/admin/users/${path(id)}`), 'User Deleted Successfully');
  }

  setUserRole(userId: string | number, role: RoleDto): Promise<UserDto> {
    return this.post(`/admin/users/${path(userId)}/roles`, { json: role });
  }

  roles(): Promise<RoleDto[]> {
    return this.get('/admin/roles');
  }

  role(id: string | number): Promise<RoleDto> {
    return this.get(`/admin/roles/${path(id)}`);
  }

  createRole(body: RoleBody): Promise<RoleDto> {
    return this.post('/admin/roles', { json: body });
  }

  updateRole(id: string | number, body: RoleBody): Promise<RoleDto> {
    return this.put(`/admin/roles/${path(id)}`, { json: body });
  }

  async deleteRole(id: string | number): Promise<string> {
    return replyMessage(await this.delete<unknown>(`/admin/roles/${path(id)}`), 'Role deleted successfully');
  }

  mailOutbox(limit?: number | null, recipient?: string | null): Promise<OutboxMailDto[]> {
    return this.get('/admin/mail-outbox', { query: { limit, recipient } });
  }
}

/** A delete answers `{message}` (or, from older servers, plain text); either becomes the message. */
export function replyMessage(reply: unknown, fallback: string): string {
  if (typeof reply === 'string' && reply.trim() !== '') return reply.trim();
  if (reply && typeof reply === 'object' && typeof (reply as { message?: unknown }).message === 'string') {
    return (reply as { message: string }).message;
  }
  return fallback;
}
