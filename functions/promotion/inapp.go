package promotion

import (
	"context"
	"errors"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/post"
	"zuum/shared/promotion"
	"zuum/shared/schema"
)

// InAppRoutes is in-app promotion, the route set the payment Lambda mounts in front of payments
// (its own handler, which serves the rest of /api/payment): POST /api/payment/promote pays a
// promotion of one of the caller's posts into the held account until an admin decides.
// Idempotent by its key. It reads the promoted post from POSTS_TABLE (with USERS_TABLE) and
// keeps the promotion in the ledger l.
func InAppRoutes(payments http.Handler, sessions httpapi.Authenticator, db *dynamodb.Client, l *ledger.Store, env wire.Env) (http.Handler, error) {
	v, err := env.Require(schema.Posts.EnvVar)
	if err != nil {
		return nil, err
	}
	posts := post.NewStore(post.Config{DB: db, Table: v[schema.Posts.EnvVar], Users: env(schema.Users.EnvVar)})
	p := &promoter{promotions: promotion.NewStore(promotion.Config{DB: db, Ledger: l, Posts: posts}), ledger: l}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/payment/promote", httpapi.RequireSession(sessions,
		httpapi.IdempotentRebuilt(l, "promote", rebuild(l, p.promotions, promoted), p.promote)))
	mux.Handle("/", payments)
	return httpapi.Recover(mux), nil
}

// promoter serves POST /api/payment/promote.
type promoter struct {
	promotions *promotion.Store
	ledger     *ledger.Store
}

type promoteRequest struct {
	PostID   string `json:"postId"`
	Type     string `json:"type"`
	Timeline string `json:"timeline"`
}

// promotedJSON is the new promotion: pending until an admin approves it.
type promotedJSON struct {
	ID     string      `json:"id"`
	Status string      `json:"status"`
	Price  money.Money `json:"price"`
	Days   int         `json:"days"`
}

type promotedResponse struct {
	Data promotedJSON `json:"data"`
}

func (p *promoter) promote(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	var req promoteRequest
	if err := httpapi.Decode(w, r, &req); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	owner := promotion.Owner{ID: me.UserID, Username: me.Account.Username}
	pr, err := p.promotions.Promote(r.Context(), owner, promotion.InAppRequest{PostID: req.PostID, Type: req.Type, Timeline: req.Timeline},
		ledger.Once(*httpapi.OnceOf(r)))
	paid(w, r, p.ledger, pr, err, promoted)
}

// promoted is the answer to a new in-app promotion.
func promoted(pr promotion.Promotion) any {
	return promotedResponse{Data: promotedJSON{ID: pr.ID, Status: pr.Status, Price: pr.Price, Days: pr.Days}}
}

// paid answers a paid request (in-app or mass): 201 with view of the new promotion. Its payment
// stored the promotion's id with the request's key, so a replay of the key gets the same answer
// (rebuild) and moves nothing.
func paid(w http.ResponseWriter, r *http.Request, l *ledger.Store, pr promotion.Promotion, err error, view func(promotion.Promotion) any) {
	switch {
	case errors.Is(err, ledger.ErrReplayed):
		httpapi.Replay(w, r, l)
	case err != nil:
		httpapi.Error(w, r, err)
	default:
		httpapi.JSON(w, http.StatusCreated, view(pr))
	}
}

// rebuild is the first answer of a paid request's key: view of the promotion its payment made,
// as it was made (pending, whatever an admin decided since).
func rebuild(l *ledger.Store, promotions *promotion.Store, view func(promotion.Promotion) any) httpapi.Rebuild {
	return func(ctx context.Context, key string) (int, any, error) {
		o, _, err := l.Once(ctx, key)
		if err != nil {
			return 0, nil, err
		}
		pr, err := promotions.Get(ctx, o.Made)
		if err != nil {
			return 0, nil, err
		}
		pr.Status = promotion.Pending
		return http.StatusCreated, view(pr), nil
	}
}
