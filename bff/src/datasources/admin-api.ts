/** /admin/users and /admin/roles of the REST API. */
import { RestClient, type RequestScope } from './rest-client.js';
import type { RoleDto, UserDto } from './auth-api.js';

export interface UserWriteDto {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password?: string | null;
  mobileNo?: string | null;
  roles: RoleDto[];
}

export class AdminApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  listUsers(): Promise<UserDto[]> {
    return this.get('/admin/users');
  }

  getUser(id: string | number): Promise<UserDto> {
    return this.get(`/admin/users/${encodeURIComponent(String(id))}`);
  }

  createUser(input: UserWriteDto): Promise<UserDto> {
    return this.post('/admin/users', { json: input });
  }

  updateUser(id: string | number, input: UserWriteDto): Promise<UserDto> {
    return this.put(`/admin/users/${encodeURIComponent(String(id))}`, { json: input });
  }

  async deleteUser(id: string | number): Promise<string> {
    const reply = await this.delete<unknown>(`/admin/users/${encodeURIComponent(String(id))}`);
    return replyMessage(reply, 'User Deleted Successfully');
  }

  setUserRole(userId: string | number, role: RoleDto): Promise<UserDto> {
    return this.post(`/admin/users/${encodeURIComponent(String(userId))}/roles`, { json: role });
  }

  listRoles(): Promise<RoleDto[]> {
    return this.get('/admin/roles');
  }

  getRole(id: string | number): Promise<RoleDto> {
    return this.get(`/admin/roles/${encodeURIComponent(String(id))}`);
  }

  createRole(name: string): Promise<RoleDto> {
    return this.post('/admin/roles', { json: { name } });
  }

  updateRole(id: string | number, name: string): Promise<RoleDto> {
    return this.put(`/admin/roles/${encodeURIComponent(String(id))}`, { json: { name } });
  }

  async deleteRole(id: string | number): Promise<string> {
    const reply = await this.delete<unknown>(`/admin/roles/${encodeURIComponent(String(id))}`);
    return replyMessage(reply, 'Role deleted successfully');
  }
}

/** The spec's deletes answer text or `{message}`; either becomes the message. */
export function replyMessage(reply: unknown, fallback: string): string {
  if (typeof reply === 'string' && reply.trim() !== '') return reply.trim();
  if (reply && typeof reply === 'object' && typeof (reply as { message?: unknown }).message === 'string') {
    return (reply as { message: string }).message;
  }
  return fallback;
}
