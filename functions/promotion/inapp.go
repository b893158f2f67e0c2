package promotion

import (
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
	mux.HandleFunc("POST /api/payment/promote", httpapi.RequireSession(sessions, httpapi.Idempotent(l, "promote", p.promote)))
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
	pay(w, r, p.ledger, func(answer promotion.Answer) (promotion.Promotion, error) {
		return p.promotions.Promote(r.Context(), owner, promotion.InAppRequest{PostID: req.PostID, Type: req.Type, Timeline: req.Timeline}, answer)
	}, func(pr promotion.Promotion) any {
		return promotedResponse{Data: promotedJSON{ID: pr.ID, Status: pr.Status, Price: pr.Price, Days: pr.Days}}
	})
}

// pay runs a paid request (in-app or mass) and answers it 201 with view of the new promotion;
// the answer is stored with the payment, so a replay of its key gets the same answer and moves
// nothing.
func pay(w http.ResponseWriter, r *http.Request, l *ledger.Store, run func(promotion.Answer) (promotion.Promotion, error), view func(promotion.Promotion) any) {
	once := httpapi.OnceOf(r)
	var answer any
	_, err := run(func(pr promotion.Promotion) ledger.Once {
		answer = view(pr)
		_ = once.Answer(http.StatusCreated, answer)
		return ledger.Once(*once)
	})
	switch {
	case errors.Is(err, ledger.ErrReplayed):
		httpapi.Replay(w, r, l)
	case err != nil:
		httpapi.Error(w, r, err)
	default:
		httpapi.JSON(w, http.StatusCreated, answer)
	}
}
