/** The auth area of the REST API: /auth (login, logout, sign-up), password reset and /user/profile. */
import type {
  ChangePasswordQuery,
  ForgotPasswordQuery,
  LoginBody,
  LoginResponseDto,
  MessageBody,
  ProfileBody,
  SignupBody,
  SignupResponseDto,
  UserDto,
} from '@bazaar/shared/contract';
import { RestClient, type RequestScope } from './rest-client.js';

export class AuthApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  login(body: LoginBody): Promise<LoginResponseDto> {
    return this.post('/auth/login', { json: body, anonymous: true });
  }

  /** Ends the caller's session on the server (204): the token is refused from then on. */
  async logout(): Promise<void> {
    await this.post<null>('/auth/logout');
  }

  /** Answers the same message whether or not the account was created (the REST API's 202). */
  signup(body: SignupBody): Promise<SignupResponseDto> {
    return this.post('/auth/signup', { json: body, anonymous: true });
  }

  /** The caller's profile (GET /user/profile): `me`, and the caller of the engagement operations about "me". */
  me(): Promise<UserDto> {
    return this.get('/user/profile');
  }

  updateProfile(body: ProfileBody): Promise<UserDto> {
    return this.put('/user/profile', { json: body });
  }

  // password reset: the contract puts the values in the query string, with no body

  requestPasswordReset(query: ForgotPasswordQuery): Promise<MessageBody> {
    return this.post('/public/forgot-password', { query, anonymous: true });
  }

  resetPassword(query: ChangePasswordQuery): Promise<MessageBody> {
    return this.post('/public/change-password', { query, anonymous: true });
  }
}
