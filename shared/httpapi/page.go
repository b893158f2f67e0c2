package httpapi

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"

	"zuum/shared/failure"
)

// Paging defaults: the spec's page size, and the most one request may ask for.
const (
	DefaultLimit = 10
	MaxLimit     = 50
)

// MaxWalk bounds how deep a page asked for by number alone may lie: a page reached without a
// cursor is found by walking past the items before it, so its items must lie within the first
// MaxWalk (page 1000 at the default limit, 200 at the largest). Deeper pages are reached by
// following `next`, whose cost does not grow with depth.
const MaxWalk = 10_000

// PageRequest is a list call's paging: how many items, from where (an opaque cursor from the
// previous page's `next`), and the page number that cursor stands for.
type PageRequest struct {
	Limit  int
	Cursor string
	// Page is the 1-based page number: with a cursor it labels the page the cursor starts;
	// without one, pages before it are walked (clients follow `next` instead).
	Page int
}

// ErrBadLimit and ErrBadPage refuse paging parameters outside their range.
var (
	ErrBadLimit  = failure.New(failure.Invalid, "limit must be between 1 and 50.")
	ErrBadPage   = failure.New(failure.Invalid, "page must be a positive number.")
	ErrBadCursor = failure.New(failure.Invalid, "Invalid cursor.")
)

// ParsePage reads limit, cursor and page from r's query.
func ParsePage(r *http.Request) (PageRequest, error) {
	q := r.URL.Query()
	p := PageRequest{Limit: DefaultLimit, Cursor: q.Get("cursor"), Page: 1}
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > MaxLimit {
			return PageRequest{}, ErrBadLimit
		}
		p.Limit = n
	}
	if s := q.Get("page"); s != "" {
		n, err := strconv.Atoi(s)
		if errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(s, "-") {
			n, err = math.MaxInt, nil // a positive number too large for an int: past every list's end (Skip)
		}
		if err != nil || n < 1 {
			return PageRequest{}, ErrBadPage
		}
		p.Page = n
	}
	return p, nil
}

// Skip returns how many items come before p's page: none with a cursor (the cursor says where
// the page starts and page only labels it), else those of the pages before it. A page asked for
// by number must exist: between 1 and the list's last page, and no deeper than MaxWalk items;
// else the answer is a 400 naming the last page one may ask for ("page must be between 1 and
// 3."). Page 1 always exists, even in an empty list. total reports how many items the list
// has; it is called only for a page past the first without a cursor. So no page number walks
// past a list's end, through all of a long list, or overflows.
func (p PageRequest) Skip(total func() (int64, error)) (int, error) {
	if p.Cursor != "" || p.Page <= 1 {
		return 0, nil
	}
	limit := int64(max(p.Limit, 1))
	n, err := total()
	if err != nil {
		return 0, err
	}
	last := min((n+limit-1)/limit, MaxWalk/limit)
	if int64(p.Page) > last {
		return 0, failure.New(failure.Invalid, fmt.Sprintf("page must be between 1 and %d.", max(last, 1)))
	}
	return (p.Page - 1) * int(limit), nil
}

// Pagination is the paging object every list answers with (spec part 1 §3, plus next).
type Pagination struct {
	Total       int64   `json:"total"`
	TotalPages  int64   `json:"totalPages"`
	CurrentPage int     `json:"currentPage"`
	HasNext     bool    `json:"hasNext"`
	HasPrev     bool    `json:"hasPrev"`
	Next        *string `json:"next"`
}

// NewPagination describes page p of a list of total items; next is the cursor of the page
// after it, "" when there is none.
func NewPagination(total int64, p PageRequest, next string) Pagination {
	out := Pagination{Total: total, CurrentPage: p.Page, HasPrev: p.Page > 1, HasNext: next != ""}
	if p.Limit > 0 {
		out.TotalPages = (total + int64(p.Limit) - 1) / int64(p.Limit)
	}
	if next != "" {
		out.Next = &next
	}
	return out
}
