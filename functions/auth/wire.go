package auth

import (
	"context"
	"net/http"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/functions/wire"
	"zuum/functions/wire/accounts"
)

// Google's public endpoints, used unless the environment points elsewhere.
const (
	googleAuthURL  = "https://accounts.google.com/o/oauth2/v2/auth"
	googleTokenURL = "https://oauth2.googleapis.com/token"
	googleUserURL  = "https://openidconnect.googleapis.com/v1/userinfo"
)

// FromEnv builds the route group from its environment: USERS_TABLE, POSTS_TABLE (reactivating an
// account its holder deactivated, as they log in), JWT_SECRET_ID, MAIL_FROM,
// APP_URL, MEDIA_URL, and for Google sign-in GOOGLE_CLIENT_ID with GOOGLE_CLIENT_SECRET_ID (a
// secret's name) and optionally GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL, GOOGLE_USERINFO_URL. Its
// per-address limits key on the viewer's address, which it believes from the CDN only
// (ORIGIN_SECRET_ID, ORIGIN_REQUIRED: see wire.Edge).
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	svc, _, err := accounts.FromEnv(ctx, cfg, env, accounts.WithReactivation(cfg, env))
	if err != nil {
		return nil, err
	}
	edge, err := wire.Edge(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	var google *Google
	if id := env("GOOGLE_CLIENT_ID"); id != "" {
		secret := env("GOOGLE_CLIENT_SECRET")
		if name := env("GOOGLE_CLIENT_SECRET_ID"); name != "" {
			b, err := wire.Secret(ctx, cfg, name)
			if err != nil {
				return nil, err
			}
			secret = string(b)
		}
		app := strings.TrimRight(env("APP_URL"), "/")
		google = NewGoogle(GoogleConfig{
			ClientID: id, ClientSecret: secret, AppURL: app,
			AuthURL:     or(env("GOOGLE_AUTH_URL"), googleAuthURL),
			TokenURL:    or(env("GOOGLE_TOKEN_URL"), googleTokenURL),
			UserURL:     or(env("GOOGLE_USERINFO_URL"), googleUserURL),
			RedirectURL: app + "/api/auth/google/callback",
		})
	}
	return edge.Wrap(New(svc, wire.Media(env), google)), nil
}

func or(v, fallback string) string {
	if v != "" {
		return v
	}
	return fallback
}
