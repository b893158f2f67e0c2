// Package video is the /api/video route group: the posts route set (functions/posts) for video
// posts.
package video

import (
	"zuum/functions/posts"
	"zuum/functions/wire/queue"
)

// FromEnv builds the route group from its environment (see posts.Group).
var FromEnv = posts.Group(posts.Video, queue.Jobs)
