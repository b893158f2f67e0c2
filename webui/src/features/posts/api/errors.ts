import { joinFieldErrors } from '@/lib/api-client';
import type { ErrorCatalogue } from '@/lib/error-message';
import type { MediaKind, PostKind } from './post-cache';

/** Spec part 1 §8 rows for post calls. */
const UNAUTHORIZED = 'Unauthorized: Please log in';
const NO_RESPONSE = 'Network error: No response from server';
const UNEXPECTED = 'An unexpected error occurred';
export const SERVER_ERROR_POSTS = 'Server error: Please try again later';

/** "Audio post not found" / "Video post not found" / "Beat post not found": the 404 of a call on one post. */
export function postNotFound(kind: PostKind): string {
  return { audio: 'Audio post not found', video: 'Video post not found', beat: 'Beat post not found' }[kind];
}

/** Single audio (GET /audio/{id}) and video (GET /video/{id}) fetches. */
export function postFetchErrors(kind: PostKind): ErrorCatalogue {
  return {
    byStatus: { 401: UNAUTHORIZED, 404: postNotFound(kind), 500: SERVER_ERROR_POSTS },
    network: NO_RESPONSE,
    fallback: UNEXPECTED,
  };
}

/** Audio list: 404 "Post not found"; video list: 404 "Video post not found". */
export function postListErrors(kind: MediaKind): ErrorCatalogue {
  return {
    byStatus: {
      401: UNAUTHORIZED,
      404: kind === 'audio' ? 'Post not found' : 'Video post not found',
      500: SERVER_ERROR_POSTS,
    },
    network: NO_RESPONSE,
    fallback: UNEXPECTED,
  };
}

/** Audio react / video react / beat react (400: the server's message or the validation text). */
export function reactErrors(kind: PostKind): ErrorCatalogue {
  return {
    byStatus: {
      400: kind === 'beat' ? (e) => e.message || 'Validation error: Please check your input' : 'Validation error: Please check your input',
      404: kind === 'video' ? 'Video post not found' : 'Post not found',
      500: SERVER_ERROR_POSTS,
    },
    network: NO_RESPONSE,
    fallback: UNEXPECTED,
  };
}

const fieldsOrMessage = (e: Parameters<typeof joinFieldErrors>[0]) => joinFieldErrors(e) || e.message || undefined;

/** Comments: joined field errors, else the server's message. */
export function commentErrors(kind: PostKind): ErrorCatalogue {
  return {
    byStatus: {
      400: fieldsOrMessage,
      404: (e) => e.message || (kind === 'video' ? 'Video post not found' : 'Post not found'),
      500: (e) => e.message || SERVER_ERROR_POSTS,
    },
    network: NO_RESPONSE,
    fallback: UNEXPECTED,
  };
}

/** Comment list, share and delete: the post's own 404 text. */
export function postCallErrors(kind: PostKind): ErrorCatalogue {
  return {
    byStatus: { 401: UNAUTHORIZED, 404: postNotFound(kind), 500: SERVER_ERROR_POSTS },
    network: NO_RESPONSE,
    fallback: UNEXPECTED,
  };
}

/** GET /audio/shared/{shareId}. */
export const sharedAudioErrors: ErrorCatalogue = {
  byStatus: { 404: 'Shared audio not found', 500: SERVER_ERROR_POSTS },
  network: NO_RESPONSE,
  fallback: UNEXPECTED,
};
