package user

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/notify"
	"zuum/shared/profile"
)

// Follow messages (spec part 1 §8 and functions/README.md).
const (
	msgFollowed   = "Followed successfully."
	msgUnfollowed = "Unfollowed successfully."
	msgNoChange   = "No changes made (already followed/unfollowed)."
	msgBadFollow  = "Validation error: Please check your input"
)

type followRequest struct {
	ProfileID *string `json:"profileId"`
	Follow    *bool   `json:"follow"`
}

type followResponse struct {
	Message string `json:"message"`
	Changed bool   `json:"changed"`
}

// follow makes the caller follow or unfollow a profile. Following also notifies the profile, in
// the same transaction.
func (h *Handler) follow(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	var in followRequest
	if err := httpapi.Decode(w, r, &in); err != nil {
		if fe := (*failure.Error)(nil); errors.As(err, &fe) && len(fe.Fields) > 0 {
			err = failure.Fields(msgBadFollow, fe.Fields...)
		}
		httpapi.Error(w, r, err)
		return
	}
	if in.ProfileID == nil || strings.TrimSpace(*in.ProfileID) == "" || in.Follow == nil {
		httpapi.Error(w, r, failure.New(failure.Invalid, msgBadFollow))
		return
	}
	target := strings.TrimSpace(*in.ProfileID)
	var changed bool
	var err error
	if *in.Follow {
		changed, err = h.followAndNotify(r, me, target)
	} else {
		changed, err = h.profiles.Unfollow(r.Context(), me.UserID, target)
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	msg := msgNoChange
	switch {
	case changed && *in.Follow:
		msg = msgFollowed
	case changed:
		msg = msgUnfollowed
	}
	httpapi.JSON(w, http.StatusOK, followResponse{Message: msg, Changed: changed})
}

// followAndNotify follows target and, in the same transaction, tells target who did: once a
// day (notify.Once), however often the follow is undone and made again.
func (h *Handler) followAndNotify(r *http.Request, me httpapi.Principal, target string) (bool, error) {
	now := time.Now().UTC()
	note, err := notify.Once(h.profiles.Table(), notify.Notification{
		Recipient: target, Kind: notify.Follow, ActorID: me.UserID, ActorName: me.Account.Username,
		ActorImage: me.Account.Image, Message: notify.FollowMessage(me.Account.Username), CreatedAt: now,
	})
	if err != nil {
		return false, failure.Wrap(err, "follow notification")
	}
	return h.profiles.Follow(r.Context(), me.UserID, target, now, note...)
}

type followListResponse struct {
	Users      []profile.Summary  `json:"users"`
	Pagination httpapi.Pagination `json:"pagination"`
}

// followList answers one page of id's followers or following, ordered by user id.
func (h *Handler) followList(w http.ResponseWriter, r *http.Request, id string, l profile.List) {
	p, err := httpapi.ParsePage(r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	a, err := h.active(r.Context(), id)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	total := a.FollowersCount
	if l == profile.Following {
		total = a.FollowingCount
	}
	skip, err := p.Skip(func() (int64, error) { return total, nil })
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	page, err := h.profiles.FollowList(r.Context(), id, l, p.Limit, p.Cursor, skip)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	users := make([]profile.Summary, 0, len(page.Users))
	for _, u := range page.Users {
		u.Image = h.media.URL(u.Image)
		users = append(users, u)
	}
	httpapi.JSON(w, http.StatusOK, followListResponse{Users: users, Pagination: httpapi.NewPagination(total, p, page.Next)})
}
