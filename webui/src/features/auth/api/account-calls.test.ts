import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { messageFor } from '@/lib/error-message';
import { errorCases } from '@/testing/cases';
import { forgotPasswordErrors, forgotPasswordSchema } from './forgot-password';
import { loginErrorMessage, loginSchema } from './login';
import { resendOtpErrors, resendOtpSchema } from './resend-otp';
import { resetPasswordErrorMessage, resetPasswordSchema } from './reset-password';
import { verifyEmailErrors, verifyEmailSchema } from './verify-email';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error!.issues[0].message;

describe('account form schemas (spec §5)', () => {
  it('verify needs both e-mail and OTP', () => {
    expect(firstMessage(verifyEmailSchema.safeParse({ email: '', otp: '123456' }))).toBe('Please enter both email and OTP.');
    expect(firstMessage(verifyEmailSchema.safeParse({ email: 'a@b.co', otp: ' ' }))).toBe('Please enter both email and OTP.');
    expect(firstMessage(verifyEmailSchema.safeParse({ email: 'a@b.co', otp: '123456' }))).toBeNull();
  });

  it('resend and forgot need an e-mail', () => {
    expect(firstMessage(resendOtpSchema.safeParse({ email: '' }))).toBe('Please enter your email address.');
    expect(firstMessage(forgotPasswordSchema.safeParse({ email: '' }))).toBe('Please enter your email address.');
  });

  it('login needs e-mail and password', () => {
    const result = loginSchema.safeParse({ email: '', password: '' });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual(['Email is required', 'Password is required']);
  });

  it.each([
    [{ newPassword: '', confirmPassword: '' }],
    [{ newPassword: 'secret123', confirmPassword: '' }],
    [{ newPassword: 'secret123', confirmPassword: 'secret124' }],
  ])('reset rejects %j with "Passwords do not match!"', (values) => {
    expect(firstMessage(resetPasswordSchema.safeParse(values))).toBe('Passwords do not match!');
  });
});

describe('account call errors (spec §8)', () => {
  it.each(errorCases([
    [new ApiError(400, 'Invalid OTP. Please try again.'), 'Invalid OTP. Please try again.'],
    [new ApiError(400, ''), 'Invalid OTP. Please try again.'],
    [new ApiError(400, 'The code has expired. Request a new one.'), 'The code has expired. Request a new one.'],
    [new ApiError(500, ''), 'Server error. Please try again later.'],
    [new ApiError(503, ''), 'An unexpected error occurred.'],
    [new ApiError(0, ''), 'An unexpected error occurred.'],
  ]))('verify %s', (_, error, expected) => {
    expect(messageFor(error, verifyEmailErrors)).toBe(expected);
  });

  it.each(errorCases([
    [new ApiError(500, ''), 'Server error. Please try again later.'],
    [new ApiError(0, ''), 'An unexpected error occurred.'],
    [new ApiError(429, 'Please wait a minute before requesting another code.'), 'Please wait a minute before requesting another code.'],
  ]))('resend %s', (_, error, expected) => {
    expect(messageFor(error, resendOtpErrors)).toBe(expected);
  });

  it.each(errorCases([
    [new ApiError(400, ''), 'Validation errors. Please check your input.'],
    [new ApiError(401, ''), 'Invalid credentials. Please check your email and password.'],
    [new ApiError(406, ''), 'Email is not verified. Please verify your email first.'],
    [new ApiError(500, ''), 'Server error. Please try again later.'],
    [new ApiError(502, ''), 'An unexpected error occurred.'],
    [new ApiError(0, ''), 'Network error. Please check your internet connection.'],
    [new ApiError(403, 'This account has been deactivated.'), 'This account has been deactivated.'],
  ]))('login %s', (_, error, expected) => {
    expect(loginErrorMessage(error)).toBe(expected);
  });

  it.each(errorCases([
    [new ApiError(404, ''), 'User not found. Please check your email.'],
    [new ApiError(500, ''), 'Server error. Please try again later.'],
    [new ApiError(502, ''), 'An unexpected error occurred.'],
    [new ApiError(0, ''), 'Network error. Please check your internet connection.'],
  ]))('forgot %s', (_, error, expected) => {
    expect(messageFor(error, forgotPasswordErrors)).toBe(expected);
  });

  it.each(errorCases([
    [new ApiError(400, 'Invalid or expired reset token.', [{ field: 'token', msg: 'Invalid or expired reset token.' }]), 'Invalid or expired reset token.'],
    [new ApiError(400, 'Bad'), 'Bad'],
    [new ApiError(500, ''), 'An unexpected error occurred.'],
    [new ApiError(0, ''), 'An unexpected error occurred.'],
  ]))('reset %s', (_, error, expected) => {
    expect(resetPasswordErrorMessage(error)).toBe(expected);
  });
});
