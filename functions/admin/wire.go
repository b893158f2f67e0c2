package admin

import (
	"context"
	"net/http"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/distribution"
	"zuum/functions/payment"
	"zuum/functions/promotion"
	"zuum/functions/wallet"
	"zuum/functions/wire"
	"zuum/functions/wire/accounts"
	"zuum/functions/wire/buckets"
	"zuum/shared/admin"
	"zuum/shared/audit"
	"zuum/shared/ledger"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/release"
	"zuum/shared/schema"
	"zuum/shared/session"
)

// FromEnv builds the route group from its environment: USERS_TABLE (admins, their sessions and
// codes, the audit log, the user sessions it recognises to refuse them, and the accounts it lists
// and deactivates), POSTS_TABLE (the timeline sizes a deactivation moves), LEDGER_TABLE (read
// for the ledger's health), JWT_SECRET_ID,
// FLUTTERWAVE_BASE_URL and FLUTTERWAVE_SECRET_ID (the ledger's health compares the books with
// the provider's balance: wire.Provider), MAIL_FROM (verification codes), ADMIN_BOOTSTRAP_EMAILS (comma-separated emails approved
// without another admin; may be empty), BCRYPT_COST (optional), POSTS_TABLE, LEDGER_TABLE and
// MEDIA_BUCKET (the releases queue; with MEDIA_SIGNING_SECRET_ID, MEDIA_SIGNING_KEY_ID and APP_URL
// its files' URLs are signed for the CDN: buckets.MediaStore), and ORIGIN_SECRET_ID with ORIGIN_REQUIRED: sign-ups are
// limited per viewer address, believed from the CDN only (wire.Edge). FLUTTERWAVE_BASE_URL and
// FLUTTERWAVE_SECRET_ID: the withdrawals review queue asks the payment provider.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	v, err := env.Require(schema.Users.EnvVar, schema.Posts.EnvVar, schema.Ledger.EnvVar, "JWT_SECRET_ID", "MAIL_FROM")
	if err != nil {
		return nil, err
	}
	secret, err := wire.Secret(ctx, cfg, v["JWT_SECRET_ID"])
	if err != nil {
		return nil, err
	}
	db := dynamodb.NewFromConfig(cfg)
	users := v[schema.Users.EnvVar]
	sessions, err := session.NewStore(db, users, secret, nil)
	if err != nil {
		return nil, err
	}
	log := audit.New(db, users)
	cost, _ := strconv.Atoi(env("BCRYPT_COST"))
	admins, err := admin.New(admin.Config{
		DB: db, Table: users, Sessions: sessions, Users: session.NewUsers(sessions), Audit: log,
		Mailer: accounts.Mailer(cfg, v["MAIL_FROM"]), Secret: secret,
		Bootstrap: admin.ParseBootstrap(env("ADMIN_BOOTSTRAP_EMAILS")), HashCost: cost,
	})
	if err != nil {
		return nil, err
	}
	edge, err := wire.Edge(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	h := New(admins, log)
	files, err := buckets.MediaStore(ctx, cfg, env, env(schema.Media.EnvVar))
	if err != nil {
		return nil, err
	}
	distribution.AdminRoutes(h.Handle, release.NewStore(db, v[schema.Posts.EnvVar], users, ledger.New(db, v[schema.Ledger.EnvVar]), files), files, log)
	h.mountUsers(profile.NewStore(db, users), post.NewStore(post.Config{DB: db, Table: v[schema.Posts.EnvVar], Users: users}))
	// The ledger's health and the withdrawals review queue ask the payment provider
	// (FLUTTERWAVE_BASE_URL, FLUTTERWAVE_SECRET_ID).
	payments, err := wire.Provider(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	wallet.AdminRoutes(h, payments.Ledger, payments.Provider)
	promotion.AdminRoutes(h, db, env)
	payment.AdminRoutes(h, payments, users)
	// Other admin routes mount here, one line each, e.g.
	// h.mountUsers(profile.NewStore(db, users)).
	return edge.Wrap(h), nil
}
