package user

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"zuum/shared/account"
	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/jobs"
	"zuum/shared/ledger"
	"zuum/shared/licence"
	"zuum/shared/media"
	"zuum/shared/money"
	"zuum/shared/notify"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/purchase"
	"zuum/shared/rights"
)

// Rights is what the data-protection routes read and change beyond profiles: the export reads
// every domain, deletion checks the holder's password (or mailed code) and the wallet, and
// queues the erasure (shared/rights) with the jobs worker.
type Rights struct {
	Accounts  *account.Service
	Posts     *post.Store
	Purchases *purchase.Store
	Licences  *licence.Store
	Ledger    *ledger.Store
	Notes     *notify.Store
	Files     *media.Store
	Jobs      jobs.Queue
	Eraser    *rights.Eraser
	Switch    rights.Switch
}

// Messages of the data-protection routes.
var (
	msgDeleted     = "Your account has been deleted. Your username stays reserved for 30 days."
	msgDeactivated = "Your account is deactivated. Log in again any time to bring it back."
)

// walletNotEmpty is the 409 of deleting an account whose wallet holds money.
func walletNotEmpty(b money.Money) error {
	return failure.New(failure.Conflict, "Your wallet still holds "+b.String()+
		". Withdraw it to your bank account or transfer it to another user before deleting your account.")
}

// exportPage bounds each list read of the export.
const exportPage = 100

type exportJSON struct {
	ExportedAt    string                     `json:"exported_at"`
	Profile       profile.View               `json:"profile"`
	Followers     []profile.Summary          `json:"followers"`
	Following     []profile.Summary          `json:"following"`
	Posts         []exportPost               `json:"posts"`
	Comments      []exportComment            `json:"comments"`
	Likes         []exportLike               `json:"likes"`
	Messages      map[string][]exportMessage `json:"messages"`
	Purchases     []exportPurchase           `json:"purchases"`
	Licences      []exportLicence            `json:"licences"`
	Wallet        []exportEntry              `json:"wallet"`
	Notifications []exportNote               `json:"notifications"`
}

type exportPost struct {
	ID        string            `json:"id"`
	Kind      string            `json:"kind"`
	Caption   string            `json:"caption"`
	Public    bool              `json:"public"`
	Tags      []string          `json:"tags"`
	Location  string            `json:"location,omitempty"`
	Files     map[string]string `json:"files"`
	Likes     int64             `json:"likes"`
	Comments  int64             `json:"comments"`
	Plays     int64             `json:"plays"`
	CreatedAt string            `json:"created_at"`
}

type exportComment struct {
	ID        string `json:"id"`
	PostID    string `json:"post_id"`
	Text      string `json:"text"`
	CreatedAt string `json:"created_at"`
}

type exportLike struct {
	PostID    string `json:"post_id"`
	CreatedAt string `json:"created_at"`
}

type exportMessage struct {
	ID        string `json:"id"`
	SenderID  string `json:"sender_id"`
	Content   string `json:"content"`
	CreatedAt string `json:"created_at"`
}

type exportPurchase struct {
	ID            string      `json:"id"`
	PostID        string      `json:"post_id"`
	Seller        string      `json:"seller"`
	Caption       string      `json:"caption"`
	Price         money.Money `json:"price"`
	LicenceNumber string      `json:"licence_number"`
	PurchasedAt   string      `json:"purchased_at"`
}

type exportLicence struct {
	Number      string      `json:"number"`
	BeatTitle   string      `json:"beat_title"`
	Producer    string      `json:"producer"`
	Buyer       string      `json:"buyer"`
	Price       money.Money `json:"price"`
	PurchasedAt string      `json:"purchased_at"`
}

type exportEntry struct {
	ID           string      `json:"id"`
	Type         string      `json:"type"`
	Amount       money.Money `json:"amount"`
	Counterparty string      `json:"counterparty,omitempty"`
	Reference    string      `json:"reference,omitempty"`
	Status       string      `json:"status"`
	At           string      `json:"at"`
}

type exportNote struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	Message   string `json:"message"`
	CreatedAt string `json:"created_at"`
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// export answers everything Zuum holds about the caller as one JSON file to download.
func (h *Handler) export(w http.ResponseWriter, r *http.Request) {
	p, err := httpapi.Confirmed(r.Context())
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out, err := h.collect(r.Context(), p.Account)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.Header().Set("Content-Disposition", `attachment; filename="zuum-data-`+p.Account.Username+`.json"`)
	w.Header().Set("Cache-Control", "no-store")
	httpapi.JSON(w, http.StatusOK, out)
}

func (h *Handler) collect(ctx context.Context, a profile.Account) (exportJSON, error) {
	id := a.ID
	out := exportJSON{
		ExportedAt: stamp(time.Now()), Profile: a.View(h.media.URL, true),
		Followers: []profile.Summary{}, Following: []profile.Summary{}, Posts: []exportPost{},
		Comments: []exportComment{}, Likes: []exportLike{}, Messages: map[string][]exportMessage{},
		Purchases: []exportPurchase{}, Licences: []exportLicence{}, Wallet: []exportEntry{}, Notifications: []exportNote{},
	}
	for _, l := range []struct {
		list profile.List
		dst  *[]profile.Summary
	}{{profile.Followers, &out.Followers}, {profile.Following, &out.Following}} {
		for cursor := ""; ; {
			page, err := h.profiles.FollowList(ctx, id, l.list, exportPage, cursor, 0)
			if err != nil {
				return out, err
			}
			*l.dst = append(*l.dst, page.Users...)
			if cursor = page.Next; cursor == "" {
				break
			}
		}
	}
	posts, err := h.rights.Posts.Owned(ctx, id)
	if err != nil {
		return out, err
	}
	for _, p := range posts {
		files := map[string]string{}
		for name, key := range map[string]string{"media": p.Media, "cover": p.Cover} {
			if key != "" {
				files[name] = h.rights.Files.URL(ctx, key)
			}
		}
		if p.Sale != nil && p.Sale.Preview != "" {
			files["preview"] = h.rights.Files.URL(ctx, p.Sale.Preview)
		}
		tags := p.Tags
		if tags == nil {
			tags = []string{}
		}
		out.Posts = append(out.Posts, exportPost{
			ID: p.ID, Kind: string(p.Kind), Caption: p.Caption, Public: p.Public, Tags: tags, Location: p.Location,
			Files: files, Likes: p.Reactions, Comments: p.Comments, Plays: p.Plays, CreatedAt: stamp(p.CreatedAt),
		})
	}
	act, err := h.rights.Posts.ActivityOf(ctx, id)
	if err != nil {
		return out, err
	}
	for _, c := range act.Comments {
		out.Comments = append(out.Comments, exportComment{ID: c.ID, PostID: c.PostID, Text: c.Text, CreatedAt: stamp(c.CreatedAt)})
	}
	for _, l := range act.Likes {
		out.Likes = append(out.Likes, exportLike{PostID: l.PostID, CreatedAt: stamp(l.CreatedAt)})
	}
	history, err := h.rooms.History(ctx, id)
	if err != nil {
		return out, err
	}
	for room, msgs := range history {
		list := make([]exportMessage, 0, len(msgs))
		for _, m := range msgs {
			list = append(list, exportMessage{ID: m.ID, SenderID: m.SenderID, Content: m.Content, CreatedAt: stamp(m.CreatedAt)})
		}
		out.Messages[room] = list
	}
	if err := h.collectMoney(ctx, id, &out); err != nil {
		return out, err
	}
	for cursor := ""; ; {
		page, err := h.rights.Notes.List(ctx, id, exportPage, cursor, 0)
		if err != nil {
			return out, err
		}
		for _, n := range page.Notes {
			out.Notifications = append(out.Notifications, exportNote{ID: n.ID, Type: string(n.Kind), Message: n.Message, CreatedAt: stamp(n.CreatedAt)})
		}
		if cursor = page.Next; cursor == "" {
			break
		}
	}
	return out, nil
}

// collectMoney adds the caller's purchases, their licences and the wallet's entries.
func (h *Handler) collectMoney(ctx context.Context, id string, out *exportJSON) error {
	for cursor := ""; ; {
		page, err := h.rights.Purchases.List(ctx, id, exportPage, 0, cursor)
		if err != nil {
			return err
		}
		for _, p := range page.Purchases {
			out.Purchases = append(out.Purchases, exportPurchase{
				ID: p.ID, PostID: p.PostID, Seller: p.Seller, Caption: p.Caption, Price: p.Price,
				LicenceNumber: p.LicenceNumber, PurchasedAt: stamp(p.PurchasedAt),
			})
			if p.LicenceNumber == "" {
				continue
			}
			l, err := h.rights.Licences.Get(ctx, p.LicenceNumber)
			if failure.Is(err, failure.NotFound) {
				continue
			}
			if err != nil {
				return err
			}
			out.Licences = append(out.Licences, exportLicence{
				Number: l.Number, BeatTitle: l.BeatTitle, Producer: l.ProducerUsername, Buyer: l.BuyerUsername,
				Price: l.Price, PurchasedAt: stamp(l.PurchasedAt),
			})
		}
		if cursor = page.Next; cursor == "" {
			break
		}
	}
	for cursor := ""; ; {
		page, err := h.rights.Ledger.Entries(ctx, id, "", ledger.Page{Limit: exportPage, Cursor: cursor})
		if err != nil {
			return err
		}
		for _, e := range page.Entries {
			out.Wallet = append(out.Wallet, exportEntry{
				ID: e.ID, Type: e.Type, Amount: e.Amount, Counterparty: e.Counterparty, Reference: e.Reference,
				Status: e.Status, At: stamp(e.At),
			})
		}
		if cursor = page.Next; cursor == "" {
			break
		}
	}
	return nil
}

type deleteRequest struct {
	Password string `json:"password"`
	OTP      string `json:"otp"`
}

type messageJSON struct {
	Message string `json:"message"`
}

// deleteCode mails the code that confirms deleting an account without a password.
func (h *Handler) deleteCode(w http.ResponseWriter, r *http.Request) {
	p, err := httpapi.Confirmed(r.Context())
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if err := h.rights.Accounts.SendDeletionCode(r.Context(), p.Account); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, messageJSON{Message: "We emailed you a code. It expires in 10 minutes."})
}

// deleteAccount deletes the caller's account once they confirm it (password, or mailed code)
// and their wallet is empty: the erasure is queued first (nothing changes if it cannot be), then
// the account is marked deleted, which ends every session at once; the jobs worker erases it.
func (h *Handler) deleteAccount(w http.ResponseWriter, r *http.Request) {
	var req deleteRequest
	if err := httpapi.Decode(w, r, &req); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	p, err := httpapi.Confirmed(r.Context())
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	a := p.Account
	if err := h.rights.Accounts.ConfirmDeletion(r.Context(), a, req.Password, req.OTP); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	b, err := h.rights.Ledger.Balance(r.Context(), a.ID)
	if err != nil {
		httpapi.Error(w, r, failure.Wrap(err, "read balance"))
		return
	}
	if b.Amount > 0 {
		httpapi.Error(w, r, walletNotEmpty(b.Amount))
		return
	}
	if err := h.rights.Jobs.Send(r.Context(), jobs.Job{Type: jobs.UserDeleted, AuthorID: a.ID}); err != nil {
		httpapi.Error(w, r, failure.Wrap(err, "queue account erasure"))
		return
	}
	// The job marks the account too, should this fail: the erasure goes ahead either way.
	if err := h.rights.Eraser.MarkDeleted(r.Context(), a.ID); err != nil {
		slog.ErrorContext(r.Context(), "mark account deleted", "user", a.ID, "err", err)
	}
	httpapi.ClearSessionCookie(w)
	httpapi.JSON(w, http.StatusOK, messageJSON{Message: msgDeleted})
}

// deactivate hides the caller's account until they log in again; every session ends.
func (h *Handler) deactivate(w http.ResponseWriter, r *http.Request) {
	claimed, _ := httpapi.PrincipalFrom(r.Context())
	if _, err := h.rights.Switch.Deactivate(r.Context(), claimed.UserID); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.ClearSessionCookie(w)
	httpapi.JSON(w, http.StatusOK, messageJSON{Message: msgDeactivated})
}
