#include "cli/http_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

namespace gg {
namespace {

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string Lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

std::string Trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

const char* Reason(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 301:
      return "Moved Permanently";
    case 400:
      return "Bad Request";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 408:
      return "Request Timeout";
    case 421:
      return "Misdirected Request";
    case 431:
      return "Request Header Fields Too Large";
    case 505:
      return "HTTP Version Not Supported";
    default:
      return "Error";
  }
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Percent-decodes a path; false on a malformed escape.
bool DecodePath(const std::string& in, std::string* out) {
  out->clear();
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] != '%') {
      *out += in[i];
      continue;
    }
    if (i + 2 >= in.size()) return false;
    const int hi = HexDigit(in[i + 1]), lo = HexDigit(in[i + 2]);
    if (hi < 0 || lo < 0) return false;
    *out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return true;
}

std::string Head(int status, const std::string& type, size_t length, bool has_length,
                 const std::vector<std::pair<std::string, std::string>>& headers, bool close) {
  std::string h = "HTTP/1.1 " + std::to_string(status) + " " + Reason(status) + "\r\n";
  if (!type.empty()) h += "Content-Type: " + type + "\r\n";
  if (has_length) h += "Content-Length: " + std::to_string(length) + "\r\n";
  for (const auto& [k, v] : headers) h += k + ": " + v + "\r\n";
  h += close ? "Connection: close\r\n\r\n" : "Connection: keep-alive\r\n\r\n";
  return h;
}

std::string PlainAnswer(int status, const std::string& text, bool close) {
  return Head(status, "text/plain; charset=utf-8", text.size(), true, {}, close) + text;
}

}  // namespace

bool IsLoopbackHost(const std::string& raw, int port) {
  std::string host = Lower(Trim(raw));
  std::string name = host, port_text;
  if (!host.empty() && host[0] == '[') {
    const size_t close = host.find(']');
    if (close == std::string::npos) return false;
    name = host.substr(0, close + 1);
    const std::string rest = host.substr(close + 1);
    if (!rest.empty()) {
      if (rest[0] != ':') return false;
      port_text = rest.substr(1);
    }
  } else if (const size_t colon = host.rfind(':'); colon != std::string::npos) {
    name = host.substr(0, colon);
    port_text = host.substr(colon + 1);
  }
  if (!name.empty() && name.back() == '.') name.pop_back();
  if (name != "127.0.0.1" && name != "localhost" && name != "[::1]") return false;
  if (port_text.empty()) return port == 80;
  return port_text == std::to_string(port);
}

struct HttpServer::Conn {
  int fd = -1;
  enum State { kReading, kWriting, kStreaming } state = kReading;
  std::string in;   // bytes of the request head (and any pipelined ones after it)
  std::string out;  // what is still to send
  size_t sent = 0;
  bool close_after = false;
  bool eof = false;      // the client has shut its side: answer what was asked, then close
  int64_t since = 0;     // kReading: ready for a request since; kWriting: answer queued at
  int64_t last_out = 0;  // kStreaming: last message or ping
  uint64_t cursor = 0;   // kStreaming: the stream's state
};

HttpServer::HttpServer(HttpLimits limits) : limits_(limits) {
  // Every connection is a descriptor: make room for the cap when the hard limit allows.
  rlimit nofile{};
  if (::getrlimit(RLIMIT_NOFILE, &nofile) == 0) {
    const rlim_t want = static_cast<rlim_t>(limits_.max_connections) + 64;
    if (nofile.rlim_cur < want) {
      nofile.rlim_cur = std::min(want, nofile.rlim_max);
      ::setrlimit(RLIMIT_NOFILE, &nofile);
    }
    if (::getrlimit(RLIMIT_NOFILE, &nofile) == 0 && nofile.rlim_cur != RLIM_INFINITY)
      limits_.max_connections =
          std::min(limits_.max_connections, std::max(8, static_cast<int>(nofile.rlim_cur) - 64));
  }
  wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

HttpServer::~HttpServer() {
  if (listen_fd_ >= 0) ::close(listen_fd_);
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

bool HttpServer::Bind(int port, std::string* error) {
  if (wake_fd_ < 0) {
    *error = std::string("cannot create an eventfd: ") + std::strerror(errno);
    return false;
  }
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (listen_fd_ < 0) {
    *error = std::string("cannot create a socket: ") + std::strerror(errno);
    return false;
  }
  // SO_REUSEADDR only: SO_REUSEPORT would let another process bind the same port and receive
  // part of the requests.
  int yes = 1;
  ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::listen(listen_fd_, 512) != 0) {
    *error = std::strerror(errno);
    ::close(listen_fd_);
    listen_fd_ = -1;
    return false;
  }
  port_ = port;
  return true;
}

void HttpServer::Wake() {
  const uint64_t one = 1;
  [[maybe_unused]] ssize_t n = ::write(wake_fd_, &one, sizeof one);
}

void HttpServer::Stop() {
  stop_ = true;
  Wake();
}

void HttpServer::Accept(std::vector<Conn>* conns, int64_t now) {
  for (;;) {
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;  // EAGAIN: all taken; EMFILE and the like: the next round
    const auto live =
        std::count_if(conns->begin(), conns->end(), [](const Conn& c) { return c.fd >= 0; });
    if (live >= limits_.max_connections) {
      // Over the cap: the oldest connection still waiting for its request makes room.
      auto oldest = conns->end();
      for (auto it = conns->begin(); it != conns->end(); ++it)
        if (it->state == Conn::kReading && it->fd >= 0 &&
            (oldest == conns->end() || it->since < oldest->since))
          oldest = it;
      if (oldest == conns->end()) {
        ::close(fd);
        continue;
      }
      ::close(oldest->fd);
      oldest->fd = -1;  // swept after this round
    }
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    Conn c;
    c.fd = fd;
    c.since = now;
    conns->push_back(std::move(c));
  }
}

void HttpServer::Run(const Handler& handler, const StreamEvents& events) {
  std::vector<Conn> conns;
  std::vector<pollfd> fds;
  char buf[16384];

  // Turns the head at the start of c.in into an answer in c.out (or a stream).
  auto answer = [&](Conn& c, size_t head_end) {
    const std::string head = c.in.substr(0, head_end);
    c.in.erase(0, head_end + 4);
    c.state = Conn::kWriting;
    c.since = NowMs();
    c.sent = 0;
    const size_t line_end = head.find("\r\n");
    const std::string line = head.substr(0, line_end);
    const size_t s1 = line.find(' '), s2 = line.rfind(' ');
    if (s1 == std::string::npos || s2 == s1) {
      c.out = PlainAnswer(400, "bad request line\n", true);
      c.close_after = true;
      return;
    }
    HttpRequest req;
    req.method = line.substr(0, s1);
    req.target = line.substr(s1 + 1, s2 - s1 - 1);
    const std::string version = line.substr(s2 + 1);
    if (version != "HTTP/1.1" && version != "HTTP/1.0") {
      c.out = PlainAnswer(505, "HTTP/1.1 only\n", true);
      c.close_after = true;
      return;
    }
    std::string host, connection;
    bool has_host = false, has_body = false;
    for (size_t at = line_end; at != std::string::npos && at < head.size();) {
      const size_t next = head.find("\r\n", at + 2);
      const std::string field =
          head.substr(at + 2, next == std::string::npos ? std::string::npos : next - at - 2);
      at = next;
      const size_t colon = field.find(':');
      if (colon == std::string::npos) continue;
      const std::string name = Lower(Trim(field.substr(0, colon)));
      const std::string value = Trim(field.substr(colon + 1));
      if (name == "host") {
        if (has_host)
          host = "\n";  // two Host fields: never loopback
        else
          host = value;
        has_host = true;
      } else if (name == "connection") {
        connection = Lower(value);
      } else if (name == "transfer-encoding" || (name == "content-length" && value != "0")) {
        has_body = true;
      }
    }
    c.close_after = c.eof || version == "HTTP/1.0"
                        ? connection.find("keep-alive") == std::string::npos
                        : connection.find("close") != std::string::npos;
    if (has_body) {
      c.out = PlainAnswer(400, "requests with a body are not served\n", true);
      c.close_after = true;
      return;
    }
    // No Host at all is HTTP/1.0 from a tool, never a browser's page: allowed there only.
    if (has_host ? !IsLoopbackHost(host, port_) : version != "HTTP/1.0") {
      c.out = PlainAnswer(
          421,
          "this server answers only requests for 127.0.0.1:" + std::to_string(port_) +
              ", localhost:" + std::to_string(port_) + " or [::1]:" + std::to_string(port_) + "\n",
          true);
      c.close_after = true;
      return;
    }
    if (req.method != "GET" && req.method != "HEAD") {
      c.out = Head(405, "text/plain; charset=utf-8", 16, true, {{"Allow", "GET, HEAD"}},
                   c.close_after) +
              "GET or HEAD only";
      return;
    }
    const std::string raw_path = req.target.substr(0, req.target.find('?'));
    if (raw_path.empty() || raw_path[0] != '/' || !DecodePath(raw_path, &req.path)) {
      c.out = PlainAnswer(400, "bad request target\n", true);
      c.close_after = true;
      return;
    }
    HttpResponse res = handler(req);
    if (res.event_stream && req.method == "GET") {
      c.state = Conn::kStreaming;
      c.close_after = true;
      c.in.clear();
      c.out = Head(200, "text/event-stream", 0, false, res.headers, true) + events(&c.cursor);
      c.last_out = NowMs();
      streams_++;
      return;
    }
    c.out = Head(res.status, res.content_type, res.body.size(), true, res.headers, c.close_after);
    if (req.method == "GET") c.out += res.body;
  };

  // Sends what it can of c.out; false when the connection is to be closed.
  auto flush = [&](Conn& c) {
    while (c.sent < c.out.size()) {
      const ssize_t n = ::send(c.fd, c.out.data() + c.sent, c.out.size() - c.sent, MSG_NOSIGNAL);
      if (n > 0) {
        c.sent += static_cast<size_t>(n);
        continue;
      }
      return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR);
    }
    c.out.clear();
    c.sent = 0;
    if (c.state == Conn::kWriting) {
      if (c.close_after) return false;
      c.state = Conn::kReading;  // keep-alive: the next request's deadline starts now
      c.since = NowMs();
    }
    return true;
  };

  // Reads what arrived; answers a complete head. False when the connection is to be closed.
  auto read = [&](Conn& c) {
    for (;;) {
      if (c.eof) return !c.out.empty();
      const ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
      if (n == 0) {
        c.eof = true;
        c.close_after = true;
        return !c.out.empty();
      }
      if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
      if (c.state == Conn::kStreaming) continue;  // a stream's client has nothing to say
      // Pipelined requests are read while one is answered, up to a bound.
      if (c.in.size() + static_cast<size_t>(n) > 4 * limits_.max_head_bytes) return false;
      c.in.append(buf, static_cast<size_t>(n));
      if (c.state != Conn::kReading) continue;  // pipelined: answered after this one
      const size_t end = c.in.find("\r\n\r\n");
      if (end == std::string::npos) {
        if (c.in.size() > limits_.max_head_bytes) {
          c.out = PlainAnswer(431, "request head too large\n", true);
          c.close_after = true;
          c.state = Conn::kWriting;
          c.since = NowMs();
        }
        continue;
      }
      answer(c, end);
    }
  };

  while (!stop_) {
    const int64_t now = NowMs();
    // Deadlines, then the poll set.
    int64_t next = now + 60000;
    for (Conn& c : conns) {
      if (c.fd < 0) continue;
      if (c.state == Conn::kReading) {
        if (now - c.since >= limits_.head_timeout_ms) {
          // An idle keep-alive connection closes quietly; a started request gets a 408.
          if (!c.in.empty()) {
            const std::string a = PlainAnswer(408, "request head not received in time\n", true);
            [[maybe_unused]] ssize_t n = ::send(c.fd, a.data(), a.size(), MSG_NOSIGNAL);
          }
          ::close(c.fd);
          c.fd = -1;
          continue;
        }
        next = std::min(next, c.since + limits_.head_timeout_ms);
      } else if (c.state == Conn::kWriting) {
        if (now - c.since >= limits_.write_timeout_ms) {
          ::close(c.fd);
          c.fd = -1;
          continue;
        }
        next = std::min(next, c.since + limits_.write_timeout_ms);
      } else {
        if (c.out.empty() && now - c.last_out >= limits_.stream_ping_ms) {
          c.out = ": still here\n\n";
          c.last_out = now;
        }
        next = std::min(next, c.last_out + limits_.stream_ping_ms);
      }
    }
    auto gone = std::remove_if(conns.begin(), conns.end(), [&](const Conn& c) {
      if (c.fd >= 0) return false;
      if (c.state == Conn::kStreaming) streams_--;
      return true;
    });
    conns.erase(gone, conns.end());
    connections_ = static_cast<int>(conns.size());

    fds.clear();
    fds.push_back({listen_fd_, POLLIN, 0});
    fds.push_back({wake_fd_, POLLIN, 0});
    for (const Conn& c : conns) {
      short want = c.eof ? 0 : POLLIN;
      if (!c.out.empty()) want |= POLLOUT;
      fds.push_back({c.fd, want, 0});
    }
    const int timeout = static_cast<int>(std::clamp<int64_t>(next - now, 0, 60000));
    if (::poll(fds.data(), fds.size(), timeout) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    const int64_t after = NowMs();
    if (fds[1].revents & POLLIN) {
      uint64_t count;
      [[maybe_unused]] ssize_t n = ::read(wake_fd_, &count, sizeof count);
      for (Conn& c : conns)
        if (c.state == Conn::kStreaming) {
          std::string event = events(&c.cursor);
          if (!event.empty()) {
            c.out += event;
            c.last_out = after;
          }
        }
    }
    // Existing connections first (their poll entries are fds[2 …]), then new ones.
    for (size_t i = 0; i < conns.size(); ++i) {
      Conn& c = conns[i];
      const short got = fds[i + 2].revents;
      bool keep = true;
      if (got & (POLLIN | POLLHUP | POLLERR)) keep = read(c);
      if (keep && !c.out.empty()) keep = flush(c);
      // A pipelined request waiting behind the one just sent.
      while (keep && c.state == Conn::kReading && c.out.empty()) {
        const size_t end = c.in.find("\r\n\r\n");
        if (end == std::string::npos) break;
        answer(c, end);
        keep = flush(c);
      }
      if (!keep) {
        ::close(c.fd);
        c.fd = -1;
      }
    }
    if (fds[0].revents & POLLIN) Accept(&conns, after);
  }
  for (Conn& c : conns)
    if (c.fd >= 0) ::close(c.fd);
  connections_ = 0;
  streams_ = 0;
}

}  // namespace gg
