package buckets

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/functions/wire"
	"zuum/shared/media"
)

// MediaStore returns the media store over bucket. A group whose access RendersMedia is given
// MEDIA_SIGNING_SECRET_ID (the secret holding the private key of CloudFront's media key group,
// PEM, read once, at cold start, like the JWT key) and MEDIA_SIGNING_KEY_ID (the key's id in
// CloudFront): its store then answers media/ keys with CloudFront signed URLs on the site's
// origin, APP_URL, each signed once per window (media.Signer) by the clock ctx carries
// (wire.Clock). Without them the store presigns S3 GETs, as for every other key.
func MediaStore(ctx context.Context, cfg aws.Config, env wire.Env, bucket string) (*media.Store, error) {
	store := media.NewStore(S3(cfg), bucket)
	secretID, keyID := env("MEDIA_SIGNING_SECRET_ID"), env("MEDIA_SIGNING_KEY_ID")
	if secretID == "" && keyID == "" {
		return store, nil
	}
	v, err := env.Require("MEDIA_SIGNING_SECRET_ID", "MEDIA_SIGNING_KEY_ID", "APP_URL")
	if err != nil {
		return nil, errors.New("signed media URLs: " + err.Error())
	}
	key, err := wire.Secret(ctx, cfg, v["MEDIA_SIGNING_SECRET_ID"])
	if err != nil {
		return nil, err
	}
	signer, err := media.NewSigner(v["APP_URL"], v["MEDIA_SIGNING_KEY_ID"], key, wire.Clock(ctx))
	if err != nil {
		return nil, err
	}
	return store.WithSigner(signer), nil
}
