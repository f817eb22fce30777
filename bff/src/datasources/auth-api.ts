/** /auth and /user/profile of the REST API. */
import { RestClient, type RequestScope } from './rest-client.js';

export interface RoleDto {
  id: number;
  name: string;
}

export interface UserDto {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  mobileNo: string | null;
  profilePictureUrl: string | null;
  referralCode?: string | null;
  roles: RoleDto[];
  createdAt: string;
  updatedAt: string;
}

export interface LoginResponseDto {
  token: string;
  /** Our API sends it; other servers of the contract may not. */
  expiresAt?: string;
  roles: Array<{ authority: string; name: string }>;
  user: UserDto;
}

export interface SignupDto {
  user: {
    firstName: string;
    lastName: string;
    username: string;
    password: string;
    email: string;
    mobileNo?: string | null;
  };
  referralCode?: string | null;
}

export interface ProfileDto {
  firstName: string;
  lastName: string;
  email: string;
  mobileNo?: string | null;
  profilePictureUrl?: string | null;
}

export class AuthApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  login(username: string, password: string): Promise<LoginResponseDto> {
    return this.post('/auth/login', { json: { username, password }, anonymous: true });
  }

  signup(input: SignupDto): Promise<UserDto> {
    return this.post('/auth/signup', { json: input, anonymous: true });
  }

  getProfile(): Promise<UserDto> {
    return this.get('/user/profile');
  }

  updateProfile(input: ProfileDto): Promise<UserDto> {
    return this.put('/user/profile', { json: input });
  }
}
